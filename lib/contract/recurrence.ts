import { z } from 'zod';
import { Id } from './ids';
import { CancellationReason, type TaskView } from './tasks';
import { recurringRules, repeatEveryOptions, weekdays } from './recurrence-dates';
import type { ErrorCodeName } from '@/lib/contract/error-catalogue';
import { rule } from '@/lib/contract/problems';

/** Codes of the recurrence calls (beside task.customFieldsRequired and task.cancelled of the task calls). */
export const RecurrenceErrorCode = {
  needsSchedule: 'recurrence.needsSchedule',
  nothingToRecur: 'recurrence.nothingToRecur',
  alreadyRecurring: 'recurrence.alreadyRecurring',
  parentLocked: 'recurrence.parentLocked',
  notParent: 'recurrence.notParent',
} as const satisfies Record<string, ErrorCodeName>;

export const recurrenceMessages = {
  needsSchedule: 'This task cannot recur: it needs an appointment date and a worker.',
  nothingToRecur: 'There is nothing to recur: the rule gives no date before its end.',
  alreadyRecurring: 'This task already belongs to a recurrence.',
  parentLocked: 'A recurrence parent can only have its recurrence removed.',
  notParent: 'Only the first task of a recurrence can have its recurrence removed.',
  endRequired: 'A custom recurrence needs an end date.',
  endTooEarly: 'The end date cannot be before {min}.',
  endTooLate: 'The end date cannot be after {max}.',
  weekdaysRequired: 'Choose at least one day of the week.',
} as const;

/** 'Every N': at least 1 (spec 01 §5); more than a year of days or weeks would never repeat inside the horizon. */
export const recurrenceLimits = { countMin: 1, countMax: 365 } as const;

/**
 * POST tasks/recurring and PUT tasks/recurring/{id}. The server computes the children from the rule; a `tasks`
 * list sent as the spec's clients send it is accepted and ignored.
 */
export const RecurrenceBody = z
  .object({
    parentTaskId: Id,
    recurringRule: z.enum(recurringRules),
    recurringCount: z.number().int().min(recurrenceLimits.countMin).max(recurrenceLimits.countMax).optional(),
    repeatEveryOption: z.enum(repeatEveryOptions).optional(),
    repeatOn: z.array(z.enum(weekdays)).max(7).optional(),
    endRecurrence: z.iso.date().nullable().optional(),
    tasks: z.array(z.unknown()).optional(),
    updated: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((body, context) => {
    if (body.recurringRule !== 'custom') return;
    if (!body.endRecurrence) context.addIssue({ code: 'custom', path: ['endRecurrence'], ...rule('recurrence.endRequired', recurrenceMessages.endRequired) });
    if (body.repeatEveryOption === 'weeks' && (body.repeatOn ?? []).length === 0) {
      context.addIssue({ code: 'custom', path: ['repeatOn'], ...rule('recurrence.weekdaysRequired', recurrenceMessages.weekdaysRequired) });
    }
  });
export type RecurrenceBody = z.infer<typeof RecurrenceBody>;

/** POST tasks/{id}/cancelTaskAndTheirChildren. */
export const CancelSeriesBody = z.object({ reason: CancellationReason, updated: z.iso.datetime({ offset: true }).optional() }).optional();
export type CancelSeriesBody = z.infer<typeof CancelSeriesBody>;

/** What a recurrence call changed, so the tab can say it: the task, and the ids created, deleted and kept. */
export interface RecurrenceResult {
  task: TaskView;
  createdTaskIds: number[];
  deletedTaskIds: number[];
  /** Children that were already started or done, left in place (and out of the series) by a removal. */
  keptTaskIds: number[];
}

/** A task is in a series when it has a parent; it is the parent when that parent is itself. */
export const isSeriesParent = (task: Pick<TaskView, 'id' | 'recurringTaskId'>) => task.recurringTaskId === task.id;
export const isSeriesChild = (task: Pick<TaskView, 'id' | 'recurringTaskId'>) =>
  task.recurringTaskId !== null && task.recurringTaskId !== task.id;
export const inSeries = (task: Pick<TaskView, 'id' | 'recurringTaskId'>) => task.recurringTaskId !== null;
