/** Today as YYYY-MM-DD in the given IANA time zone, whatever zone the browser is in. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A from/to pair from the URL, or today twice; a reversed range is put in order. */
export function dateRangeOf(from: string | null, to: string | null, today: string): { from: string; to: string } {
  const start = from && isoDate.test(from) ? from : today;
  const end = to && isoDate.test(to) ? to : start;
  return start <= end ? { from: start, to: end } : { from: end, to: start };
}
