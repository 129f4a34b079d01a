import 'server-only';
import { maxUnavailabilityRangeDays } from '@/lib/contract/working-hours';
import { addDays, zonedDateAndTime } from '@/lib/contract/zoned-time';
import { invalidField } from '@/lib/server/core/errors';

/** 'YYYY-MM-DD' as it is; an ISO instant becomes the date it shows on the tenant's clock. */
export function localDay(value: string, timeZone: string): string {
  return value.length === 10 ? value : zonedDateAndTime(new Date(value), timeZone).date;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The local days from..to, both included; refused when reversed or longer than a year. */
export function dayRange(from: string, to: string, timeZone: string): { from: string; to: string; days: string[] } {
  const first = localDay(from, timeZone);
  const last = localDay(to, timeZone);
  const length = dayNumber(last) - dayNumber(first) + 1;
  if (length < 1) throw invalidField('to', 'unavailability.rangeReversed', 'The end of the range is before its start.');
  if (length > maxUnavailabilityRangeDays) {
    throw invalidField('to', 'unavailability.rangeTooLong', `A range covers at most ${maxUnavailabilityRangeDays} days.`, {
      max: maxUnavailabilityRangeDays,
    });
  }
  return { from: first, to: last, days: Array.from({ length }, (_, index) => addDays(first, index)) };
}
