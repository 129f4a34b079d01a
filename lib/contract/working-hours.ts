import { z } from 'zod';
import { BodyId } from './ids';
import { coded, rule } from './problems';

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

const dayKeys = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type DayKey = (typeof dayKeys)[number];

/** The weekday of a calendar date (YYYY-MM-DD), independent of any time zone. */
export function dayKeyOf(date: string): DayKey {
  const [year, month, day] = date.split('-').map(Number);
  return dayKeys[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
}

/** The week as the grids show it, Monday first (spec 02 §9). */
export const weekDays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const satisfies readonly DayKey[];

/** A single space: the spec's text for a day without hours. */
export const noHoursText = ' ';

/** Half-hour cells of one day (spec 02 §9): cell i covers minutes [30·i, 30·i + 30). */
export const cellsPerDay = 48;
const cellMinutes = 30;

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Ranges as the API writes them ('08:00|12:00,13:00|17:00'); none is a single space. */
export function formatHours(ranges: readonly MinuteRange[]): string {
  if (ranges.length === 0) return noHoursText;
  return ranges.map((range) => `${clock(range.start)}|${range.end === 24 * 60 ? '24:00' : clock(range.end)}`).join(',');
}

/** The day's 48 cells, selected where the hours cover them. */
export function hoursToCells(text: string): boolean[] {
  const ranges = parseHours(text);
  return Array.from({ length: cellsPerDay }, (_, cell) =>
    ranges.some((range) => cell * cellMinutes >= range.start && (cell + 1) * cellMinutes <= range.end),
  );
}

/** Runs of selected cells as hours text: adjacent cells make one range. */
export function cellsToHours(cells: readonly boolean[]): string {
  const ranges: MinuteRange[] = [];
  cells.forEach((selected, cell) => {
    if (!selected) return;
    const last = ranges.at(-1);
    if (last && last.end === cell * cellMinutes) last.end += cellMinutes;
    else ranges.push({ start: cell * cellMinutes, end: (cell + 1) * cellMinutes });
  });
  return formatHours(ranges);
}

const hoursPattern = /^( |([01]\d|2[0-3]):[03]0\|(([01]\d|2[0-3]):[03]0|24:00)(,([01]\d|2[0-3]):[03]0\|(([01]\d|2[0-3]):[03]0|24:00))*)$/;

/** Hours text on the half-hour grid, or a single space. */
export const HoursText = z
  .string()
  .regex(hoursPattern, coded('workingHours.hoursInvalid', 'Hours must be HH:mm|HH:mm ranges on the half hour, or a single space.'));

export const templateMessages = {
  nameRequired: 'Template name is required.',
  nameInvalid: 'Invalid name provided.',
  daysRequired: 'Template days are required.',
  daysInvalid: 'Invalid days provided.',
  exists: 'Could not save. template already exists.',
} as const;

export const TemplateDay = z.object({ day: z.enum(weekDays), hours: HoursText });

/** POST working-hours and PUT working-hours/{id} (spec 02 §5 messages). */
export const TemplateBody = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? templateMessages.nameRequired : templateMessages.nameInvalid) })
    .trim()
    .min(1, templateMessages.nameRequired)
    .max(100),
  days: z
    .array(TemplateDay, {
      error: (issue) => (issue.input === undefined ? templateMessages.daysRequired : templateMessages.daysInvalid),
    })
    .refine(
      (days) => new Set(days.map((entry) => entry.day)).size === days.length,
      rule('workingHours.daysInvalid', templateMessages.daysInvalid),
    ),
});
export type TemplateBody = z.infer<typeof TemplateBody>;

/** PUT working-hours/{id}?changeName=true|false: whether the client renamed the template. */
export const TemplateUpdateQuery = z.object({ changeName: z.enum(['true', 'false']).optional() });

export interface TemplateView {
  id: number;
  name: string;
  days: { id: number; day: DayKey; hours: string }[];
}

/** A calendar date: '2026-02-30' is refused here rather than by PostgreSQL (a 500) or by Date.parse (NaN). */
const IsoDate = z.iso.date({ error: 'A date is YYYY-MM-DD.' });

/** One worker's hours for one local date; replaces the template's hours for that weekday. */
export const UnavailabilityRecord = z.object({ userId: BodyId, dateUnavailability: IsoDate, hours: HoursText });
export type UnavailabilityRecord = z.infer<typeof UnavailabilityRecord>;

export const CreateUnavailabilityBody = z.object({ workerUnavailabilities: z.array(UnavailabilityRecord).min(1).max(366) });
export const UpdateUnavailabilityBody = z.object({ hours: HoursText });

export interface UnavailabilityView extends UnavailabilityRecord {
  id: number;
}

/**
 * A day as the week-bound queries send it: 'YYYY-MM-DD', or an ISO instant with an offset (the spec's clients send
 * the week's bounds that way), whose date the server reads in the tenant's time zone.
 */
export const LocalDateOrInstant = z.union([IsoDate, z.iso.datetime({ offset: true })], {
  error: 'A date is YYYY-MM-DD or an ISO instant with an offset.',
});

/** GET worker-unavailability: one worker's records for the days from..to (both included). */
export const WorkerUnavailabilityQuery = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
  from: LocalDateOrInstant,
  to: LocalDateOrInstant,
});

/** GET workers-unavailability: every worker's unavailable spans for the days from..to (both included). */
export const WorkersUnavailabilityQuery = z.object({ from: LocalDateOrInstant, to: LocalDateOrInstant });

/** The longest range one read may cover, in days. */
export const maxUnavailabilityRangeDays = 366;

/**
 * One answer item of GET workers-unavailability: a span in which the worker does not work, for greying the board.
 * For each active, non-deleted assignee and each day of the range, the day's hours (its own record if any, else
 * the template's hours for that weekday) are inverted over 00:00–24:00 on the tenant's clock: a day with no hours
 * gives one span over the whole day. start and end are ISO instants with the tenant zone's offset of that moment
 * (end excluded); date is the local day the span belongs to. A worker with neither a record nor a template for a day
 * gives no span: no limit is known (as for the assignment check).
 */
export interface WorkerUnavailableSpan {
  workerId: number;
  date: string;
  start: string;
  end: string;
}

/** A worker as the availability screen offers them. */
export interface AvailabilityWorker {
  id: number;
  name: string;
  /** The worker's template's hours per weekday; null when the worker has no (live) template. */
  templateHours: Partial<Record<DayKey, string>> | null;
}

/** What the availability screen reads with its page, before any week is chosen. */
export interface AvailabilityScreenStart {
  workers: AvailabilityWorker[];
  /** Today on the tenant's clock: the week the picker starts on. */
  today: string;
}
