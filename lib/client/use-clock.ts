'use client';

import { useLocale } from 'next-intl';
import { useCurrentUserClock } from '@/lib/client/current-user';
import type { ClockPreferences } from '@/lib/client/format-date-time';

/**
 * How this user reads times: their 12/24-hour preference and their own time zone, else the company's. Until the
 * answer arrives, and if it fails, times read on a 24-hour clock in the browser's zone.
 */
export function useClock(): ClockPreferences {
  const language = useLocale();
  const { data: me } = useCurrentUserClock();
  return {
    language,
    twentyFourHour: me?.preferredTimeFormat ?? true,
    timeZone: me?.timeZone ?? me?.tenantTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}
