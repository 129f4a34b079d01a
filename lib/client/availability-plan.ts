import {
  cellsToHours,
  hoursToCells,
  noHoursText,
  weekDays,
  type DayKey,
  type UnavailabilityRecord,
  type UnavailabilityView,
} from '@/lib/contract/working-hours';
import { addDays, weekdayOf } from '@/lib/contract/zoned-time';

export interface AvailabilityWeek {
  /** ISO 8601 week number (the week of the year's first Thursday is week 1). */
  number: number;
  /** The dates Monday to Sunday, 'YYYY-MM-DD'. */
  dates: Record<DayKey, string>;
}

/** The Monday-to-Sunday week a date falls in. */
export function weekOf(date: string): AvailabilityWeek {
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
  const thursday = addDays(monday, 3);
  const januaryFirst = `${thursday.slice(0, 4)}-01-01`;
  const dayOfYear = (Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${januaryFirst}T00:00:00Z`)) / 86_400_000;
  const dates = Object.fromEntries(weekDays.map((day, index) => [day, addDays(monday, index)])) as Record<DayKey, string>;
  return { number: Math.floor(dayOfYear / 7) + 1, dates };
}

/** Two hours texts that select the same cells are the same hours, however they were written. */
const sameHours = (a: string, b: string) => cellsToHours(hoursToCells(a)) === cellsToHours(hoursToCells(b));

/** What the grid shows for a week: the records where they exist, else the template's hours for each weekday. */
export function shownWeek(
  week: AvailabilityWeek,
  records: readonly UnavailabilityView[],
  templateHours: Partial<Record<DayKey, string>>,
): Record<DayKey, string> {
  const byDate = new Map(records.map((record) => [record.dateUnavailability, record.hours]));
  return Object.fromEntries(
    weekDays.map((day) => [day, byDate.get(week.dates[day]) ?? templateHours[day] ?? noHoursText]),
  ) as Record<DayKey, string>;
}

export interface AvailabilityPlan {
  /** POST worker-unavailability, in one call. */
  create: UnavailabilityRecord[];
  /** PUT worker-unavailability/{id}, one call each. */
  update: { id: number; hours: string }[];
}

/**
 * Saving the availability screen (spec 02 §4), day by day: a day whose record's hours changed is updated; a day
 * without a record gets one with the grid's hours; a cleared day is written as a single space. With nothing
 * selected and no records, this creates seven blank records — the last rule of the spec follows from the others.
 */
export function availabilityPlan(
  userId: number,
  week: AvailabilityWeek,
  records: readonly UnavailabilityView[],
  grid: Record<DayKey, string>,
): AvailabilityPlan {
  const plan: AvailabilityPlan = { create: [], update: [] };
  for (const day of weekDays) {
    const date = week.dates[day];
    const hours = cellsToHours(hoursToCells(grid[day]));
    const record = records.find((candidate) => candidate.dateUnavailability === date);
    if (!record) plan.create.push({ userId, dateUnavailability: date, hours });
    else if (!sameHours(record.hours, hours)) plan.update.push({ id: record.id, hours });
  }
  return plan;
}
