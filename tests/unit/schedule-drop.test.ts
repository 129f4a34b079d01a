import { describe, expect, it } from 'vitest';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import { invalidTimeSlotMs, problemNotice, warningText, type ScheduleFormats } from '@/components/schedule/drop/schedule-messages';
import { confirmUntilSaved, type ScheduleAttempt } from '@/components/schedule/drop/schedule-flow';
import { acceptedAfter, confirmationOf, scheduleProblemOf, splitWarnings } from '@/components/schedule/drop/schedule-problems';
import { problem } from '@/lib/contract/errors';
import type { ScheduleConfirmation, ScheduleWarning } from '@/lib/contract/schedule-board';
import type { AssignmentWarning } from '@/lib/contract/task-form';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'scheduleDrop' });
const translate = (key: string, values?: Record<string, string>) => t(key as Parameters<typeof t>[0], values);
const formats: ScheduleFormats = {
  day: (isoDate) => isoDate.split('-').reverse().join('/'),
  time: (value) => value.slice(0, 5),
};

const skills: ScheduleWarning = { kind: 'skills', required: ['Gas', 'Welding'], given: ['Welding'], missing: ['Gas'] };
const zones: ScheduleWarning = { kind: 'zones', zones: ['North', 'Centre'] };

describe('scheduleProblemOf: an error answer of the schedule write, as what the dispatcher is told', () => {
  it('reads the warnings to confirm, dropping shapes it does not know', () => {
    const problem = scheduleProblemOf({
      status: 422,
      code: 'schedule.confirmationRequired',
      details: { warnings: [skills, { kind: 'noLocation' }, { kind: 'weather' }, { kind: 'zones', zones: 'North' }] },
    });
    expect(problem).toEqual({ kind: 'confirm', warnings: [skills, { kind: 'noLocation' }] });
  });

  it('treats a confirmation request without readable warnings as a refusal, never an empty dialog', () => {
    expect(scheduleProblemOf({ status: 422, code: 'schedule.confirmationRequired', details: { warnings: [] } })).toEqual({ kind: 'invalid' });
  });

  it('reads each refusal with its details', () => {
    const slot = { id: 3, name: 'Morning', start: '08:00:00', end: '12:00:00' };
    expect(scheduleProblemOf({ status: 422, code: 'schedule.outsideTimeSlot', details: { slot } })).toEqual({ kind: 'invalidTimeSlot', slot });
    expect(scheduleProblemOf({ status: 422, code: 'schedule.notPlannedForDay', details: { date: '2026-12-01' } })).toEqual({
      kind: 'notPlannedForDay',
      date: '2026-12-01',
    });
    const warning = { kind: 'outsideWorkingHours', date: '2026-12-01', hours: ['08:00-12:00'] };
    expect(scheduleProblemOf({ status: 422, code: 'schedule.workerUnavailable', details: { warning } })).toEqual({ kind: 'workerUnavailable', warning });
    expect(scheduleProblemOf({ status: 422, code: 'schedule.workerUnavailable' })).toEqual({ kind: 'workerUnavailable', warning: null });
    expect(scheduleProblemOf({ status: 422, code: 'schedule.invalidWorker' })).toEqual({ kind: 'invalidWorker' });
    expect(scheduleProblemOf({ status: 422, code: 'task.cancelled' })).toEqual({ kind: 'cancelled' });
  });

  it('keeps a refusal without details explainable', () => {
    expect(scheduleProblemOf({ status: 422, code: 'schedule.outsideTimeSlot' })).toEqual({ kind: 'invalidTimeSlot', slot: null });
    expect(scheduleProblemOf({ status: 422, code: 'schedule.notPlannedForDay', details: { date: 5 } })).toEqual({ kind: 'notPlannedForDay', date: null });
  });

  it('recognises a date in the past and an unusable worker among the field errors', () => {
    const past = { 'appointment.date': [problem('task.appointmentInPast', 'The schedule date must be after the current date.')] };
    expect(scheduleProblemOf({ status: 400, code: 'request.invalid', fields: past })).toEqual({ kind: 'dateInPast' });
    const worker = { assigneeId: [problem('task.workerNotActive', 'Only active workers can be assigned.')] };
    expect(scheduleProblemOf({ status: 400, code: 'request.invalid', fields: worker })).toEqual({ kind: 'invalidWorker' });
    expect(scheduleProblemOf({ status: 400, code: 'request.invalid', fields: { durationMins: [problem('validation.tooBig', 'Too long', { max: 9999 })] } })).toEqual({ kind: 'invalid' });
    // The same text under another code is not the date in the past: the code decides, never the English message.
    const otherCode = { 'appointment.date': [problem('validation.dateTime', 'The schedule date must be after the current date.')] };
    expect(scheduleProblemOf({ status: 400, code: 'request.invalid', fields: otherCode })).toEqual({ kind: 'invalid' });
  });

  it('leaves 409 and 404 to the current-state read and other statuses to the global notices', () => {
    expect(scheduleProblemOf({ status: 409, code: 'request.staleUpdate' })).toEqual({ kind: 'stale' });
    expect(scheduleProblemOf({ status: 404, code: 'request.notFound' })).toEqual({ kind: 'gone' });
    expect(scheduleProblemOf({ status: 403, code: 'tenant.featureDisabled' })).toEqual({ kind: 'other' });
    expect(scheduleProblemOf({ status: 500, code: 'request.internal' })).toEqual({ kind: 'other' });
  });
});

describe('confirmations', () => {
  it('accepts both working-hours warnings with one "unavailable"', () => {
    expect(confirmationOf({ kind: 'unavailable', date: '2026-12-01' })).toBe('unavailable');
    expect(confirmationOf({ kind: 'outsideWorkingHours', date: '2026-12-01', hours: [] })).toBe('unavailable');
    expect(confirmationOf({ kind: 'noLocation' })).toBe('noLocation');
  });

  it('adds what the user accepted to what was accepted before, and gives up when nothing new is asked', () => {
    expect(acceptedAfter([], [skills, zones])).toEqual(['skills', 'zones']);
    expect(acceptedAfter(['skills'], [skills, { kind: 'noLocation' }])).toEqual(['skills', 'noLocation']);
    expect(acceptedAfter(['skills', 'zones'], [zones])).toBeNull();
  });

  it('puts the skills mismatch in its own dialog and the rest in one confirmation', () => {
    expect(splitWarnings([zones, skills, { kind: 'noLocation' }])).toEqual({ skills, others: [zones, { kind: 'noLocation' }] });
    expect(splitWarnings([zones])).toEqual({ skills: null, others: [zones] });
  });
});

describe('the texts shown, in English', () => {
  it('names the time slot, says the task is already in it, and stays 6 seconds', () => {
    const notice = problemNotice(
      { kind: 'invalidTimeSlot', slot: { id: 3, name: 'Morning', start: '08:00:00', end: '12:00:00' } },
      translate,
      formats,
    );
    expect(notice).toEqual({
      level: 'error',
      durationMs: invalidTimeSlotMs,
      text: 'Invalid time slot: the task is already scheduled in the time slot Morning (08:00–12:00); its start and end must stay within it.',
    });
    expect(invalidTimeSlotMs).toBe(6000);
  });

  it('says the task is not planned for that day, with its day', () => {
    expect(problemNotice({ kind: 'notPlannedForDay', date: '2026-12-01' }, translate, formats)?.text).toBe(
      'The task is not planned for that day: it is planned for 01/12/2026.',
    );
  });

  it('says the worker is not available, with the day’s hours when known', () => {
    const hours: AssignmentWarning = { kind: 'outsideWorkingHours', date: '2026-12-01', hours: ['08:00-12:00', '13:00-17:00'] };
    expect(problemNotice({ kind: 'workerUnavailable', warning: hours }, translate, formats)?.text).toBe(
      'The worker is not available at that time: working hours on 01/12/2026 are 08:00–12:00, 13:00–17:00.',
    );
    expect(problemNotice({ kind: 'workerUnavailable', warning: { kind: 'unavailable', date: '2026-12-01' } }, translate, formats)?.text).toBe(
      'The worker is not available at that time: unavailable on 01/12/2026.',
    );
    expect(problemNotice({ kind: 'workerUnavailable', warning: null }, translate, formats)?.text).toBe('The worker is not available at that time.');
  });

  it('names each warning of the confirmation', () => {
    expect(warningText(zones, translate, formats)).toBe("The task location is outside the worker's zones (North, Centre).");
    expect(warningText({ kind: 'noLocation' }, translate, formats)).toBe('The task has no location.');
    expect(warningText({ kind: 'outsideWorkingHours', date: '2026-12-01', hours: [] }, translate, formats)).toBe(
      'The worker is not available at that time: no working hours on 01/12/2026.',
    );
  });

  it('shows nothing for what the global notices or a dialog already tell', () => {
    expect(problemNotice({ kind: 'other' }, translate, formats)).toBeNull();
    expect(problemNotice({ kind: 'confirm', warnings: [zones] }, translate, formats)).toBeNull();
    expect(problemNotice({ kind: 'stale' }, translate, formats)).toEqual({
      level: 'warning',
      text: 'Someone else changed this task meanwhile. The board now shows its current state.',
    });
  });
});

describe('confirmUntilSaved: the write, its confirmations and its retries', () => {
  const noLocation: ScheduleWarning = { kind: 'noLocation' };
  /** A server that asks for `rounds` of warnings in turn, then saves; it records what each attempt confirmed. */
  function server(rounds: ScheduleWarning[][], last: ScheduleAttempt<string> = { ok: true, task: 'saved' }) {
    const sent: ScheduleConfirmation[][] = [];
    const send = (confirm: ScheduleConfirmation[]) => {
      sent.push(confirm);
      const warnings = rounds[sent.length - 1];
      return Promise.resolve<ScheduleAttempt<string>>(warnings ? { ok: false, problem: { kind: 'confirm', warnings } } : last);
    };
    return { send, sent };
  }

  it('saves at once when nothing needs confirming', async () => {
    const { send, sent } = server([]);
    expect(await confirmUntilSaved(send, () => Promise.reject(new Error('no dialog expected')))).toEqual({ kind: 'saved', task: 'saved' });
    expect(sent).toEqual([[]]);
  });

  it('asks once, then resends with every accepted confirmation', async () => {
    const { send, sent } = server([[zones, skills]]);
    const asked: ScheduleWarning[][] = [];
    const result = await confirmUntilSaved(send, (warnings) => {
      asked.push(warnings);
      return Promise.resolve(true);
    });
    expect(result).toEqual({ kind: 'saved', task: 'saved' });
    expect(asked).toEqual([[zones, skills]]);
    expect(sent).toEqual([[], ['zones', 'skills']]);
  });

  it('asks a second time only about what is new, keeping what was accepted', async () => {
    const { send, sent } = server([[skills], [skills, noLocation]]);
    const asked: ScheduleWarning[][] = [];
    await confirmUntilSaved(send, (warnings) => {
      asked.push(warnings);
      return Promise.resolve(true);
    });
    expect(asked).toEqual([[skills], [noLocation]]);
    expect(sent).toEqual([[], ['skills'], ['skills', 'noLocation']]);
  });

  it('stops when the dispatcher cancels, without resending', async () => {
    const { send, sent } = server([[skills]]);
    expect(await confirmUntilSaved(send, () => Promise.resolve(false))).toEqual({ kind: 'cancelled' });
    expect(sent).toHaveLength(1);
  });

  it('gives up as a refusal when the server asks again for what was confirmed', async () => {
    const { send, sent } = server([[skills], [skills], [skills]]);
    expect(await confirmUntilSaved(send, () => Promise.resolve(true))).toEqual({ kind: 'problem', problem: { kind: 'invalid' } });
    expect(sent).toHaveLength(2);
  });

  it('hands any other answer back, after a confirmation too', async () => {
    const { send } = server([[zones]], { ok: false, problem: { kind: 'stale' } });
    expect(await confirmUntilSaved(send, () => Promise.resolve(true))).toEqual({ kind: 'problem', problem: { kind: 'stale' } });
  });
});
