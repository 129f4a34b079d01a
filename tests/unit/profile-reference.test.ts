import { describe, expect, it } from 'vitest';
import { PasswordChangeBody, ProfileBody, TimezoneBody } from '@/lib/contract/profile';
import { countries, dialCodes, flagOf, isKnownTimeZone, timeZoneNames } from '@/lib/contract/reference/time-zones';

describe('time zone and country reference data', () => {
  it('offers the IANA names sorted, with the default zone among them', () => {
    expect(timeZoneNames.length).toBeGreaterThan(300);
    expect([...timeZoneNames].sort((a, b) => a.localeCompare(b))).toEqual(timeZoneNames);
    expect(isKnownTimeZone('Europe/Rome')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('gives every country its zones, dialling code and flag', () => {
    const italy = countries.find((country) => country.code === 'IT');
    expect(italy).toMatchObject({ name: 'Italy', dialCode: '+39', timeZones: ['Europe/Rome'] });
    expect(countries.find((country) => country.code === 'US')?.dialCode).toBe('+1');
    expect(dialCodes.has('+44')).toBe(true);
    expect(flagOf('it')).toBe('🇮🇹');
  });
});

describe('profile bodies', () => {
  it('reads the spec messages for passwords', () => {
    const short = PasswordChangeBody.safeParse({ oldPassword: 'x', newPassword: 'short', confirmPassword: 'short' });
    expect(short.error?.issues.map((issue) => issue.message)).toEqual(['Password must be between 8 and 30 characters']);
    const differ = PasswordChangeBody.safeParse({ oldPassword: 'x', newPassword: 'long-enough', confirmPassword: 'other-one' });
    expect(differ.error?.issues.map((issue) => issue.message)).toEqual(['Passwords do not match']);
  });

  it('requires a time zone and knows only the listed ones', () => {
    expect(TimezoneBody.safeParse({}).error?.issues[0].message).toBe('Timezone required');
    expect(TimezoneBody.safeParse({ timezone: 'Europe/Paris' }).success).toBe(true);
  });

  it('stores an empty phone as none', () => {
    const parsed = ProfileBody.parse({ name: 'A', surname: 'B', phone: '', phoneCountryCode: '', preferredLanguage: 'fr' });
    expect(parsed).toEqual({ name: 'A', surname: 'B', phone: null, phoneCountryCode: null, preferredLanguage: 'fr' });
  });
});
