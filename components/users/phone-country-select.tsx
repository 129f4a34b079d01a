'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Combobox, type ComboboxChoice } from '@/components/ui/combobox';
import { countries, flagOf } from '@/lib/contract/reference/time-zones';

/** Where several countries share a dialling code, the one a stored code alone most likely meant. */
const usualCountry: Record<string, string> = {
  '+1': 'US',
  '+7': 'RU',
  '+39': 'IT',
  '+44': 'GB',
  '+47': 'NO',
  '+61': 'AU',
  '+212': 'MA',
  '+262': 'RE',
  '+290': 'SH',
  '+358': 'FI',
  '+590': 'GP',
  '+599': 'CW',
};

function countryForDialCode(dialCode: string): string {
  if (!dialCode) return '';
  const usual = usualCountry[dialCode];
  if (usual) return usual;
  return countries.find((country) => country.dialCode === dialCode)?.code ?? '';
}

/**
 * The phone's country code: a searchable list of countries with flag, name (in the user's language) and dialling
 * code. The value is the dialling code ('+39'); the country is kept apart so '+1' can show Canada when chosen.
 */
export function PhoneCountrySelect({
  label,
  value,
  onChange,
  clearLabel,
  error,
}: {
  label: string;
  value: string;
  onChange: (dialCode: string) => void;
  /** The empty choice's words; the profile's by default. */
  clearLabel?: string;
  error?: string;
}) {
  const t = useTranslations('profile');
  const locale = useLocale();
  const [country, setCountry] = useState(() => countryForDialCode(value));
  const shownCountry = countries.find((entry) => entry.code === country)?.dialCode === value ? country : countryForDialCode(value);

  const options = useMemo<ComboboxChoice[]>(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const regionName = (code: string, fallback: string) => {
      try {
        return names.of(code) ?? fallback;
      } catch {
        return fallback;
      }
    };
    return countries
      .filter((entry) => entry.dialCode)
      .map((entry) => ({ entry, name: regionName(entry.code, entry.name) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale))
      .map(({ entry, name }) => ({ value: entry.code, label: `${flagOf(entry.code)} ${name} (${entry.dialCode})` }));
  }, [locale]);

  return (
    <Combobox
      label={label}
      value={shownCountry}
      options={options}
      clearLabel={clearLabel ?? t('noCountryCode')}
      error={error}
      onChange={(code) => {
        setCountry(code);
        onChange(countries.find((entry) => entry.code === code)?.dialCode ?? '');
      }}
    />
  );
}
