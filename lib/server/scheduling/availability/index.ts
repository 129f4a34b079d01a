import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { tasks, users, workerUnavailability, workingHoursTemplateDays, workingHoursTemplates } from '@/db/schema';
import { taskLimits } from '@/lib/contract/tasks';
import type { DayKey } from '@/lib/contract/working-hours';
import type { Ctx } from '@/lib/server/core/ctx';
import { invalidField, notFound } from '@/lib/server/core/errors';
import {
  dayAvailability,
  dayBounds,
  daysBetween,
  daysTouched,
  freeThroughout,
  hoursOfDay,
  ZonedDayCache,
  type DayAvailability,
  type Interval,
} from './intervals';

export type { DayAvailability, HoursSource, Interval } from './intervals';

export interface AvailabilityOptions {
  /** Take the worker's other non-deleted, non-cancelled tasks out of the free time. */
  minusTasks?: boolean;
  /** A task that does not count as busy: the one being rescheduled. */
  exceptTaskId?: number;
}

/** A year of days per call at most: the board asks for a week or a month. */
export const availabilityMaxDays = 366;

const minuteMs = 60_000;

/** The tenant's live workers among `workerIds` with their template days, records and (when asked) tasks, in one query. */
async function readWorkers(ctx: Ctx, workerIds: readonly number[], window: Interval, fromDay: string, toDay: string, options: AvailabilityOptions) {
  const days = workingHoursTemplateDays;
  const records = workerUnavailability;
  const windowStart = new Date(window.start).toISOString();
  const windowEnd = new Date(window.end).toISOString();
  // The lower bound on the start alone lets the (tenant, assignee, appointment) index narrow the scan.
  const earliestStart = new Date(window.start - taskLimits.durationMax * minuteMs).toISOString();
  const taskRows = options.minusTasks
    ? sql<Array<[number, number]> | null>`(
        select json_agg(json_build_array(
          floor(extract(epoch from ${tasks.appointmentDate}) * 1000),
          floor(extract(epoch from ${tasks.appointmentDate}) * 1000) + ${tasks.durationMins} * ${minuteMs}))
        from ${tasks}
        where ${tasks.tenantId} = ${ctx.tenantId} and ${tasks.assigneeId} = ${users.id}
          and ${tasks.deleted} is null and ${tasks.cancelled} is null
          and ${tasks.appointmentDate} < ${windowEnd}::timestamptz
          and ${tasks.appointmentDate} > ${earliestStart}::timestamptz
          and ${tasks.appointmentDate} + make_interval(mins => ${tasks.durationMins}) > ${windowStart}::timestamptz
          ${options.exceptTaskId === undefined ? sql`` : sql`and ${tasks.id} <> ${options.exceptTaskId}`})`
    : sql<null>`null`;
  return ctx.db
    .select({
      id: users.id,
      templateId: workingHoursTemplates.id,
      templateDays: sql<Array<[DayKey, string]> | null>`(
        select json_agg(json_build_array(${days.day}, ${days.hours}))
        from ${days}
        where ${days.tenantId} = ${ctx.tenantId} and ${days.templateId} = ${workingHoursTemplates.id})`,
      records: sql<Array<[string, string]> | null>`(
        select json_agg(json_build_array(to_char(${records.dateUnavailability}, 'YYYY-MM-DD'), ${records.hours}))
        from ${records}
        where ${records.tenantId} = ${ctx.tenantId} and ${records.userId} = ${users.id} and ${records.deleted} is null
          and ${records.dateUnavailability} between ${fromDay}::date and ${toDay}::date)`,
      tasks: taskRows,
    })
    .from(users)
    .leftJoin(
      workingHoursTemplates,
      and(
        eq(workingHoursTemplates.tenantId, users.tenantId),
        eq(workingHoursTemplates.id, users.workingHoursTemplateId),
        isNull(workingHoursTemplates.deleted),
      ),
    )
    .where(and(eq(users.tenantId, ctx.tenantId), inArray(users.id, [...workerIds]), isNull(users.deleted)));
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Each worker's availability for every local day from `fromDay` to `toDay` (both included, tenant zone), in ONE
 * query whatever the number of workers and days. Ids that are not live workers of the tenant (another tenant's,
 * deleted, unknown) are left out of the answer. The feature gate is the caller's: this reads whatever is stored.
 */
export async function freeIntervalsFor(
  ctx: Ctx,
  workerIds: readonly number[],
  fromDay: string,
  toDay: string,
  options: AvailabilityOptions = {},
): Promise<Map<number, DayAvailability[]>> {
  if (!isoDay.test(fromDay) || !isoDay.test(toDay) || toDay < fromDay) {
    throw invalidField('toDay', 'availability.rangeInvalid', 'A range of days is YYYY-MM-DD to a later or equal YYYY-MM-DD.');
  }
  const dayList = daysBetween(fromDay, toDay);
  if (dayList.length > availabilityMaxDays) {
    throw invalidField('toDay', 'availability.rangeTooLong', `At most ${availabilityMaxDays} days at a time.`, { max: availabilityMaxDays });
  }
  const answer = new Map<number, DayAvailability[]>();
  if (workerIds.length === 0) return answer;
  const window = { start: dayBounds(fromDay, ctx.tenantTimeZone).start, end: dayBounds(toDay, ctx.tenantTimeZone).end };
  const rows = await readWorkers(ctx, workerIds, window, fromDay, toDay, options);
  const cache = new ZonedDayCache(ctx.tenantTimeZone);
  for (const row of rows) {
    const templateDays = row.templateId === null ? null : new Map(row.templateDays ?? []);
    const records = new Map(row.records ?? []);
    const taskIntervals = (row.tasks ?? []).map(([start, end]) => ({ start: Number(start), end: Number(end) }));
    answer.set(
      row.id,
      dayList.map((day) =>
        dayAvailability({ workerId: row.id, day, timeZone: ctx.tenantTimeZone, records, templateDays, tasks: taskIntervals }, cache),
      ),
    );
  }
  return answer;
}

/** One worker's day; 404 when the id is not a live worker of the tenant. */
export async function freeIntervals(ctx: Ctx, workerId: number, day: string, options: AvailabilityOptions = {}): Promise<DayAvailability> {
  const found = (await freeIntervalsFor(ctx, [workerId], day, day, options)).get(workerId);
  if (!found) throw notFound('workers.notFound', 'Worker not found.');
  return found[0];
}

export interface IntervalAvailability {
  /** True when the worker's free time holds the whole of [from, to). */
  available: boolean;
  /** The local days the interval touches, the first being the day it starts. */
  days: DayAvailability[];
}

/** For each worker, whether the whole of [from, to) is free; the same one query as freeIntervalsFor. */
export async function availabilityOver(
  ctx: Ctx,
  workerIds: readonly number[],
  from: Date,
  to: Date,
  options: AvailabilityOptions = {},
): Promise<Map<number, IntervalAvailability>> {
  const touched = daysTouched(from.getTime(), to.getTime(), ctx.tenantTimeZone);
  const perWorker = await freeIntervalsFor(ctx, workerIds, touched[0], touched[touched.length - 1], options);
  const answer = new Map<number, IntervalAvailability>();
  for (const [workerId, days] of perWorker) {
    answer.set(workerId, { available: freeThroughout(days, from.getTime(), to.getTime()), days });
  }
  return answer;
}

/** Whether one worker can take the whole of [from, to); 404 when the id is not a live worker of the tenant. */
export async function isAvailable(ctx: Ctx, workerId: number, from: Date, to: Date, options: AvailabilityOptions = {}): Promise<boolean> {
  const found = (await availabilityOver(ctx, [workerId], from, to, options)).get(workerId);
  if (!found) throw notFound('workers.notFound', 'Worker not found.');
  return found.available;
}

/**
 * Each worker's working time over the local days `fromDay`..`toDay`, in minutes, by the same rules as
 * freeIntervalsFor (the day's record wins, else the template's weekday; real instants, so the days the clocks change
 * count the hours they really have). A day with neither record nor template counts nothing here: no hours are known.
 * The same one query; the minutes of each (day, hours text) are worked out once, so a year of 50 workers on a few
 * templates is a few hundred interval computations rather than 18,000.
 */
export async function workingMinutesFor(
  ctx: Ctx,
  workerIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<Map<number, number>> {
  if (!isoDay.test(fromDay) || !isoDay.test(toDay) || toDay < fromDay) {
    throw invalidField('toDay', 'availability.rangeInvalid', 'A range of days is YYYY-MM-DD to a later or equal YYYY-MM-DD.');
  }
  const dayList = daysBetween(fromDay, toDay);
  if (dayList.length > availabilityMaxDays) {
    throw invalidField('toDay', 'availability.rangeTooLong', `At most ${availabilityMaxDays} days at a time.`, { max: availabilityMaxDays });
  }
  const answer = new Map<number, number>();
  if (workerIds.length === 0) return answer;
  const window = { start: dayBounds(fromDay, ctx.tenantTimeZone).start, end: dayBounds(toDay, ctx.tenantTimeZone).end };
  const rows = await readWorkers(ctx, workerIds, window, fromDay, toDay, {});
  const cache = new ZonedDayCache(ctx.tenantTimeZone);
  const minutesOf = new Map<string, number>();
  for (const row of rows) {
    const templateDays = row.templateId === null ? null : new Map(row.templateDays ?? []);
    const records = new Map(row.records ?? []);
    let total = 0;
    for (const day of dayList) {
      const { source, hours } = hoursOfDay(day, records, templateDays);
      if (source === 'unknown' || hours === null) continue;
      const key = `${day}|${hours}`;
      let minutes = minutesOf.get(key);
      if (minutes === undefined) {
        minutes = cache.working(day, source, hours).reduce((sum, interval) => sum + (interval.end - interval.start), 0) / minuteMs;
        minutesOf.set(key, minutes);
      }
      total += minutes;
    }
    answer.set(row.id, total);
  }
  return answer;
}
