'use client';

import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { useCurrentUserClock } from '@/lib/client/current-user';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import { todayIn } from '@/lib/contract/zoned-time';

/**
 * Today on the tenant's clock, which the limits and the preview of a recurrence count from, and a formatter for
 * the days they name. Until the tenant's zone is known the browser's own zone stands in; the server has the
 * last word either way.
 */
export function useRecurrenceCalendar() {
  const locale = useLocale();
  const { data: me } = useCurrentUserClock();
  const zone = me?.tenantTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const formatter = useMemo(
    () => new Intl.DateTimeFormat(dateLocaleOf(locale), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    [locale],
  );
  return {
    today: todayIn(zone),
    /** A 'YYYY-MM-DD' day as the user reads dates. */
    formatDay: (date: string) => formatter.format(new Date(`${date}T12:00:00Z`)),
  };
}
