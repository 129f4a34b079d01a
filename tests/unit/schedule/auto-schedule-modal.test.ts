import { describe, expect, it } from 'vitest';
import {
  applyProblemOf,
  canConfirm,
  hoursAndMinutes,
  isAfterToday,
  summaryNotices,
  summaryProblemOf,
  undoProblemOf,
} from '@/components/schedule/auto-schedule/modal-rules';
import { ApiError } from '@/lib/client/api';
import { AutoScheduleErrorCode, dateMustBeAfterToday, type AutoScheduleSummary } from '@/lib/contract/auto-schedule';
import { problem } from '@/lib/contract/errors';

const summary = (change: Partial<AutoScheduleSummary> = {}): AutoScheduleSummary => ({
  date: '2026-11-27',
  tasks: [{ id: 1, referenceNumber: 101, title: 'Boiler service' }],
  workers: [{ id: 7, name: 'Marco', surname: 'Bianchi', freeMinutes: 480 }],
  anyWorkerHasTemplate: true,
  unscheduledCount: 1,
  ...change,
});

const dateRefused = new ApiError(400, 'request.invalid', 'The request is not valid.', {
  currentDate: [problem('autoSchedule.dateNotAfterToday', dateMustBeAfterToday)],
});

describe('the auto-schedule date', () => {
  it('is accepted only strictly after today', () => {
    expect(isAfterToday('2026-11-27', '2026-11-26')).toBe(true);
    expect(isAfterToday('2026-11-26', '2026-11-26')).toBe(false);
    expect(isAfterToday('2026-11-25', '2026-11-26')).toBe(false);
  });
});

describe('Confirm', () => {
  it('is enabled with a date, its loaded summary and at least one task', () => {
    expect(canConfirm('2026-11-27', summary())).toBe(true);
  });

  it('is disabled without a date, before the summary loads, with no task, or with another date’s summary', () => {
    expect(canConfirm('', summary())).toBe(false);
    expect(canConfirm('2026-11-27', null)).toBe(false);
    expect(canConfirm('2026-11-27', summary({ tasks: [] }))).toBe(false);
    expect(canConfirm('2026-11-28', summary())).toBe(false);
  });
});

describe('the summary’s messages', () => {
  it('says no working hours are assigned when no worker has a template', () => {
    expect(summaryNotices(summary({ anyWorkerHasTemplate: false }))).toEqual(['noWorkingHours']);
  });

  it('says there are no unscheduled tasks when none is open without a date', () => {
    expect(summaryNotices(summary({ tasks: [], unscheduledCount: 0 }))).toEqual(['noUnscheduled']);
  });

  it('says nothing was found for the chosen date when unscheduled tasks exist but none fits it', () => {
    expect(summaryNotices(summary({ tasks: [], unscheduledCount: 4 }))).toEqual(['nothingToSchedule']);
  });

  it('has nothing to say when there are tasks to place and working hours', () => {
    expect(summaryNotices(summary())).toEqual([]);
  });
});

describe('refusals', () => {
  it('turns a 400 on currentDate into the date warning, for the summary and for Confirm', () => {
    expect(summaryProblemOf(dateRefused)).toBe('dateNotAfterToday');
    expect(applyProblemOf(dateRefused)).toBe('dateNotAfterToday');
  });

  it('reads a 409 on Confirm as another run for the same date holding the lock', () => {
    const locked = new ApiError(409, AutoScheduleErrorCode.running, 'An auto-schedule for this date is already running. Try again when it ends.');
    expect(applyProblemOf(locked)).toBe('alreadyRunning');
  });

  it('reports other failures as failures', () => {
    expect(applyProblemOf(new ApiError(500, 'request.internal', 'boom'))).toBe('failed');
    expect(applyProblemOf(new TypeError('Failed to fetch'))).toBe('failed');
    expect(summaryProblemOf(new ApiError(400, 'request.invalid', 'x', { other: [problem('validation.invalid', 'y')] }))).toBe('failed');
    const badFormat = { currentDate: [problem('validation.date', 'currentDate is a date as YYYY-MM-DD.')] };
    expect(summaryProblemOf(new ApiError(400, 'request.invalid', 'x', badFormat))).toBe('failed');
  });

  it('names the tasks changed since the run when undo answers 409 with them', () => {
    const tasks = [{ id: 3, referenceNumber: 103, title: 'Leak check' }];
    const changed = new ApiError(409, AutoScheduleErrorCode.changedSince, 'Some tasks changed since.', undefined, {
      tasks: [...tasks, { junk: true }],
    });
    expect(undoProblemOf(changed)).toEqual({ kind: 'changedSince', tasks });
  });

  it('reads an undo 409 without tasks as already undone, and 404 as a run that is not there', () => {
    const undone = new ApiError(409, AutoScheduleErrorCode.alreadyUndone, 'This auto-schedule has already been undone.');
    expect(undoProblemOf(undone)).toEqual({ kind: 'alreadyUndone' });
    expect(undoProblemOf(new ApiError(404, 'request.notFound', 'Not found.'))).toEqual({ kind: 'notFound' });
    expect(undoProblemOf(new ApiError(500, 'request.internal', 'boom'))).toEqual({ kind: 'failed' });
  });
});

describe('free time', () => {
  it('shows as whole hours and the minutes left', () => {
    expect(hoursAndMinutes(450)).toEqual({ hours: 7, minutes: 30 });
    expect(hoursAndMinutes(60)).toEqual({ hours: 1, minutes: 0 });
    expect(hoursAndMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
  });
});
