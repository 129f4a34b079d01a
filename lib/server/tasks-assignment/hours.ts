/** Working hours as the API writes them: 'HH:mm|HH:mm' ranges, comma-separated; a blank text means none. */
export interface MinuteRange {
  start: number;
  end: number;
}

const toMinutes = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

export function parseHours(text: string): MinuteRange[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,2}:\d{2}\|\d{1,2}:\d{2}$/.test(part))
    .map((part) => {
      const [start, end] = part.split('|');
      return { start: toMinutes(start), end: toMinutes(end) };
    })
    .filter((range) => range.end > range.start);
}

/** The task must fit inside one range: a worker does not pause a job across a break. */
export function fitsWithin(ranges: readonly MinuteRange[], start: number, durationMins: number): boolean {
  return ranges.some((range) => start >= range.start && start + durationMins <= range.end);
}

const dayKeys = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type DayKey = (typeof dayKeys)[number];

/** The weekday of a calendar date (YYYY-MM-DD), independent of any time zone. */
export function dayKeyOf(date: string): DayKey {
  const [year, month, day] = date.split('-').map(Number);
  return dayKeys[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
}
