'use client';

import { useLocale } from 'next-intl';
import { useMemo, useState } from 'react';
import { flagOf, phoneCountries } from '@/lib/contract/phone-countries';
import { Combobox } from './combobox';

/**
 * The phone country code picker of the user and profile forms (spec 03 §2.3, §2.6): a searchable list of countries
 * with flag, name in the user's language and dial code; typing a name or the digits finds it. The value is the dial
 * code ('+39'), '' for none. Countries sharing a code are told apart while the form is open; a stored code shows as
 * its main country.
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
  clearLabel: string;
  error?: string;
}) {
  const locale = useLocale();
  const [picked, setPicked] = useState('');
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return phoneCountries
      .map((country) => ({ country, name: names.of(country.code) ?? country.code }))
      .sort((left, right) => left.name.localeCompare(right.name, locale))
      .map(({ country, name }) => ({ value: country.code, label: `${flagOf(country.code)} ${name} (${country.dialCode})` }));
  }, [locale]);
  const dialOf = (code: string) => phoneCountries.find((country) => country.code === code)?.dialCode ?? '';
  const shown = value === '' ? '' : dialOf(picked) === value ? picked : (phoneCountries.find((country) => country.dialCode === value)?.code ?? '');

  return (
    <Combobox
      label={label}
      value={shown}
      options={options}
      clearLabel={clearLabel}
      error={error}
      onChange={(code) => {
        setPicked(code);
        onChange(code === '' ? '' : dialOf(code));
      }}
    />
  );
}
