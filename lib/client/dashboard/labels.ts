import type { BucketUnit } from '@/lib/contract/dashboard';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import { numericDateFormatter } from '@/lib/contract/numeric-date';

/**
 * A bucket's name on a chart axis, in the user's language: day and week buckets as day and month (26/11; a week by
 * its Monday), month buckets as month and year (Nov 2026). Dates are read at noon UTC so no zone moves them a day.
 */
export function bucketAxisLabel(language: string, unit: BucketUnit): (period: string) => string {
  const format = new Intl.DateTimeFormat(
    dateLocaleOf(language),
    unit === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: '2-digit', month: '2-digit', timeZone: 'UTC' },
  );
  return (period) => format.format(new Date(`${period}T12:00:00Z`));
}

/** A bucket's full name in tooltips and the charts' data tables: the numeric date every screen uses, or month and year. */
export function bucketFullLabel(language: string, unit: BucketUnit): (period: string) => string {
  if (unit === 'month') {
    const format = new Intl.DateTimeFormat(dateLocaleOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return (period) => format.format(new Date(`${period}T12:00:00Z`));
  }
  return numericDateFormatter(language);
}
