'use client';

import dynamic from 'next/dynamic';
import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { AddressSearch } from '@/components/map/address-search';
import { TextInput } from '@/components/ui/field';
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
  return (
    <fieldset className="flex flex-col gap-2 text-sm text-slate-700" disabled={disabled}>
      <legend className="mb-1 font-medium">{t('fields.location')}</legend>
      <AddressSearch onPick={(place) => onChange({ address: place.address, latitude: place.latitude, longitude: place.longitude })} />
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
