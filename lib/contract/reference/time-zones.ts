import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import { countryRows, timeZoneRows } from './tz-data';

export interface TimeZoneInfo {
  name: string;
  latitude: number;
  longitude: number;
  countries: readonly string[];
  comments: string;
}

export interface CountryInfo {
  code: string;
  name: string;
  timeZones: readonly string[];
  /** The international dialling code with its plus sign ('+39'); null for a territory without its own. */
  dialCode: string | null;
}

export const timeZones: readonly TimeZoneInfo[] = timeZoneRows.map(([name, latitude, longitude, countries, comments]) => ({
  name,
  latitude,
  longitude,
  countries,
  comments,
}));

/** The IANA names the time zone picker offers, sorted; also the only names PUT users/timezone accepts. */
export const timeZoneNames: readonly string[] = timeZones.map((zone) => zone.name).sort((a, b) => a.localeCompare(b));

const knownZones = new Set(timeZoneNames);

export function isKnownTimeZone(name: string): boolean {
  return knownZones.has(name);
}

export const countries: readonly CountryInfo[] = countryRows.map(([code, name, zones]) => ({
  code,
  name,
  timeZones: zones,
  dialCode: isSupportedCountry(code) ? `+${getCountryCallingCode(code)}` : null,
}));

/** The country's flag as the two regional-indicator letters every platform renders as a flag. */
export function flagOf(countryCode: string): string {
  return countryCode
    .toUpperCase()
    .replace(/[A-Z]/g, (letter) => String.fromCodePoint(0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** The dialling codes a phone may carry: the stored phoneCountryCode is one of these ('+39'). */
export const dialCodes: ReadonlySet<string> = new Set(
  countries.flatMap((country) => (country.dialCode ? [country.dialCode] : [])),
);
