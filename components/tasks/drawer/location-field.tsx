'use client';

import dynamic from 'next/dynamic';
import { Search, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { GeocodeErrorCode, type GeocodeResponse, type GeocodeResult } from '@/lib/contract/geocode';
import type { TaskFormValues } from './form-values';

// WebGL and the worker exist only in the browser; a failing map must leave the rest of the form usable.
const LocationMap = dynamic(() => import('./location-map'), { ssr: false });

type Location = TaskFormValues['location'];

export function LocationField({
  value,
  onChange,
  mapStyleUrl,
  disabled,
}: {
  value: Location;
  onChange: (value: Location) => void;
  mapStyleUrl: string | null;
  disabled?: boolean;
}) {
  const t = useTranslations('taskDrawer');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GeocodeResult[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

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
    <fieldset className="flex flex-col gap-2 text-sm text-slate-700" disabled={disabled}>
      <legend className="mb-1 font-medium">{t('fields.location')}</legend>
      <div className="flex gap-2">
        <TextInput
          aria-label={t('fields.addressSearch')}
          placeholder={t('fields.addressSearch')}
          className="flex-1"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void search();
            }
          }}
        />
        <Button type="button" variant="secondary" onClick={() => void search()} disabled={searching}>
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
                  onChange({ address: result.address, latitude: result.latitude, longitude: result.longitude });
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
      <label className="flex flex-col gap-1">
        <span>{t('fields.address')}</span>
        <TextInput value={value.address} maxLength={500} onChange={(event) => onChange({ ...value, address: event.target.value })} />
      </label>
      <LocationMap
        styleUrl={mapStyleUrl}
        latitude={value.latitude}
        longitude={value.longitude}
        label={t('mapLabel')}
        onPick={(latitude, longitude) => onChange({ ...value, latitude, longitude })}
      />
      {value.latitude !== null && value.longitude !== null ? (
        <div className="flex items-center justify-between text-xs text-slate-500">
          <span>{t('coordinates', { latitude: value.latitude.toFixed(5), longitude: value.longitude.toFixed(5) })}</span>
          <button
            type="button"
            className="inline-flex items-center gap-1 hover:text-slate-800"
            onClick={() => onChange({ address: '', latitude: null, longitude: null })}
          >
            <X size={12} aria-hidden />
            {t('clearLocation')}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
