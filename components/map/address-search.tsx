'use client';

import { Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { useGeocoderConfigured } from '@/lib/client/console-config';
import { GeocodeErrorCode, type GeocodeResponse, type GeocodeResult } from '@/lib/contract/geocode';

type AddressSearchProps = {
  onPick: (place: GeocodeResult) => void;
  /** The search box's name, when the screen has more than one. */
  label?: string;
  disabled?: boolean;
};

/**
 * The address search every place picker shares (a task's location, the office, a worker's start): GET geocode,
 * the places found as a list, and a notice when the geocoder fails so the user places the pin by hand. Without a
 * geocoder configured (GEOCODER_URL unset) it is not offered at all, as the README says, and never asks: the map pin
 * (or, for a worker's start, the office) places the location. Its texts are the task form's, where it was first
 * built; every picker says the same.
 */
export function AddressSearch(props: AddressSearchProps) {
  return useGeocoderConfigured() ? <AddressSearchBox {...props} /> : null;
}

function AddressSearchBox({ onPick, label, disabled }: AddressSearchProps) {
  const t = useTranslations('taskDrawer');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GeocodeResult[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const name = label ?? t('fields.addressSearch');

  async function search() {
    if (query.trim().length < 3) return;
    setSearching(true);
    setNotice(null);
    try {
      const answer = await api<GeocodeResponse>(`geocode?q=${encodeURIComponent(query.trim())}`, { quietStatuses: [502, 503] });
      setResults(answer.results);
      if (answer.results.length === 0) setNotice(t('noAddress'));
    } catch (error) {
      setResults([]);
      const missing = error instanceof ApiError && error.code === GeocodeErrorCode.notConfigured;
      setNotice(missing ? t('geocoderMissing') : t('geocoderFailed'));
    } finally {
      setSearching(false);
    }
  }

  return (
    <>
      <div className="flex gap-2">
        <TextInput
          aria-label={name}
          placeholder={name}
          className="min-w-0 flex-1"
          value={query}
          disabled={disabled}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void search();
            }
          }}
        />
        <Button type="button" variant="secondary" onClick={() => void search()} disabled={disabled || searching}>
          <Search size={16} aria-hidden />
          {searching ? t('searching') : t('search')}
        </Button>
      </div>
      {notice ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-amber-800">
          {notice}
        </p>
      ) : null}
      {results.length > 0 ? (
        <ul className="flex flex-col rounded-md border border-slate-200">
          {results.map((result) => (
            <li key={`${result.latitude},${result.longitude},${result.address}`}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left hover:bg-slate-50"
                onClick={() => {
                  onPick(result);
                  setResults([]);
                  setQuery('');
                }}
              >
                {result.address}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
