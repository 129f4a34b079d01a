import 'server-only';
import { and, eq } from 'drizzle-orm';
import { timeSlots } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import {
  ScheduleErrorCode,
  type ConfirmationRequiredDetails,
  type InvalidTimeSlotDetails,
  type NotPlannedForDayDetails,
  type ScheduleConfirmation,
  type ScheduleWarning,
  type WorkerUnavailableDetails,
} from '@/lib/contract/schedule-board';
import { zonedDateAndTime, zonedInstant } from '@/lib/contract/zoned-time';
import type { Tx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule } from '@/lib/server/core/errors';
import { skillsWarning, workingHoursWarning, zonesWarning } from '@/lib/server/scheduling/assignment/check';
import { isActiveWorker, ruleMessages, type TaskRow } from './rules';

export const scheduleRuleMessages = {
  invalidWorker: ruleMessages.workerNotActive,
  notPlannedForDay: 'Task is not planned for that day.',
  workerUnavailable: 'Worker not available at that time.',
  confirmationRequired: 'The schedule has warnings to confirm before it can be saved.',
  invalidTimeSlot: (slot: InvalidTimeSlotDetails['slot']) =>
    `Invalid time slot: the task is already scheduled in slot ${slot.name} (${slot.start}-${slot.end}).`,
} as const;

/** The schedule the write would store: the current task with the body applied (what prepareTask computed). */
export interface ScheduleTarget {
  assigneeId: number | null;
  start: Date;
  durationMins: number;
  timeSlotId: number | null;
}

/** The ctx whose reads run inside the write's transaction, so the checks see what the write will change. */
const inTransaction = (tx: Tx, ctx: Ctx): Ctx => ({ ...ctx, db: tx });

/** Rule 1: the board only drops onto a row, and its rows are the active, non-deleted assignees. */
export async function assertValidWorker(tx: Tx, ctx: Ctx, assigneeId: number | null | undefined): Promise<void> {
  if (assigneeId === null || assigneeId === undefined) return;
  if (!(await isActiveWorker(tx, ctx, assigneeId))) {
    throw businessRule(ScheduleErrorCode.invalidWorker, scheduleRuleMessages.invalidWorker);
  }
}

const localDay = (instant: Date, timeZone: string) => zonedDateAndTime(instant, timeZone).date;
const hhmm = (time: string) => time.slice(0, 5);

/** Rule 2: an unassigned task (date, no worker) is given a worker only on its own local day. */
function assertPlannedDay(ctx: Ctx, current: TaskRow, target: ScheduleTarget): void {
  if (current.appointmentDate === null || current.assigneeId !== null || target.assigneeId === null) return;
  const planned = localDay(current.appointmentDate, ctx.tenantTimeZone);
  if (localDay(target.start, ctx.tenantTimeZone) === planned) return;
  const details: NotPlannedForDayDetails = { date: planned };
  throw businessRule(ScheduleErrorCode.notPlannedForDay, scheduleRuleMessages.notPlannedForDay, undefined, { ...details });
}

/**
 * Rule 3 (feature 3): the interval lies within the slot on the local clock of the day it starts. The slot's edges
 * are turned into instants of that day, so a summer-time change inside the slot is measured right (a slot ends
 * after it starts on the same day: the table's check constraint).
 */
async function assertWithinSlot(tx: Tx, ctx: Ctx, target: ScheduleTarget): Promise<void> {
  if (target.timeSlotId === null || !ctx.features.includes(Feature.timeSlots)) return;
  const [slot] = await tx
    .select({ id: timeSlots.id, name: timeSlots.name, startTime: timeSlots.startTime, endTime: timeSlots.endTime })
    .from(timeSlots)
    .where(and(eq(timeSlots.tenantId, ctx.tenantId), eq(timeSlots.id, target.timeSlotId)));
  if (!slot) return;
  const day = localDay(target.start, ctx.tenantTimeZone);
  const start = hhmm(slot.startTime);
  const end = hhmm(slot.endTime);
  const slotStart = zonedInstant(day, start, ctx.tenantTimeZone).getTime();
  const slotEnd = zonedInstant(day, end, ctx.tenantTimeZone).getTime();
  const taskStart = target.start.getTime();
  const taskEnd = taskStart + target.durationMins * 60_000;
  if (taskStart >= slotStart && taskEnd <= slotEnd) return;
  const details: InvalidTimeSlotDetails = { slot: { id: slot.id, name: slot.name, start, end } };
  throw businessRule(ScheduleErrorCode.invalidTimeSlot, scheduleRuleMessages.invalidTimeSlot(details.slot), undefined, { ...details }, {
    slot: slot.name,
    start,
    end,
  });
}

const confirmationOf = (warning: ScheduleWarning): ScheduleConfirmation =>
  warning.kind === 'outsideWorkingHours' ? 'unavailable' : warning.kind;

const sameInstant = (a: Date | null, b: Date) => a !== null && a.getTime() === b.getTime();

/**
 * Rules 2 to 6 of a schedule write, in order, after rule 1 and the form's own rules (prepareTask) passed. Refusals
 * throw 422 with their code and details; warnings not all confirmed throw 422 schedule.confirmationRequired listing every
 * warning, so the dispatcher sees them together and the retry lists what was accepted.
 *
 * Availability (rule 4) is judged when the worker or the interval changes; zones and skills (rules 5, 6) when the
 * worker changes, since neither the location nor the skills depend on the time: moving a task along its own
 * worker's row does not ask again what was confirmed when that worker got it.
 */
export async function checkScheduleRules(
  tx: Tx,
  ctx: Ctx,
  current: TaskRow,
  target: ScheduleTarget,
  confirmed: readonly ScheduleConfirmation[] = [],
): Promise<void> {
  assertPlannedDay(ctx, current, target);
  const intervalChanged =
    !sameInstant(current.appointmentDate, target.start) || current.durationMins !== target.durationMins;
  if (intervalChanged || current.timeSlotId !== target.timeSlotId) await assertWithinSlot(tx, ctx, target);
  if (target.assigneeId === null) return;

  const checks = inTransaction(tx, ctx);
  const workerId = target.assigneeId;
  const workerChanged = current.assigneeId !== workerId;
  const warnings: ScheduleWarning[] = [];
  if (ctx.features.includes(Feature.workingHours) && (workerChanged || intervalChanged)) {
    const unavailable = await workingHoursWarning(checks, workerId, target.start, target.durationMins);
    if (unavailable && current.assigneeId === null) {
      const details: WorkerUnavailableDetails = { warning: unavailable };
      throw businessRule(ScheduleErrorCode.workerUnavailable, scheduleRuleMessages.workerUnavailable, undefined, { ...details });
    }
    if (unavailable) warnings.push(unavailable);
  }
  if (workerChanged && ctx.features.includes(Feature.zones)) {
    const { locationLatitude: lat, locationLongitude: lng } = current;
    const zones = lat === null || lng === null ? { kind: 'noLocation' as const } : await zonesWarning(checks, workerId, { lat, lng });
    if (zones) warnings.push(zones);
  }
  if (workerChanged && ctx.features.includes(Feature.skills)) {
    const skills = await skillsWarning(checks, workerId, current.typeId);
    if (skills) warnings.push(skills);
  }
  if (warnings.every((warning) => confirmed.includes(confirmationOf(warning)))) return;
  const details: ConfirmationRequiredDetails = { warnings };
  throw businessRule(ScheduleErrorCode.confirmationRequired, scheduleRuleMessages.confirmationRequired, undefined, { ...details });
}
