import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import {
  allFeatures,
  at,
  expectUnchanged,
  inside,
  monday,
  outside,
  putSchedule,
  refusal,
  saved,
  scheduleCompany,
  storedTask,
  taskOf,
  tuesday,
  wednesday,
  type ScheduleCompany,
} from './schedule-fixtures';

/** The drop and move rules of PUT tasks/{id}/schedule, each with its tenant feature on and off. */
let on: ScheduleCompany;
let off: ScheduleCompany;

beforeAll(async () => {
  on = await scheduleCompany(allFeatures);
  off = await scheduleCompany([]);
});

describe('rule 1: the worker is an active, non-deleted assignee of the tenant', () => {
  it.each([
    ['on', () => on],
    ['off', () => off],
  ])('refuses anyone else with 422 INVALID_WORKER and changes nothing (features %s)', async (_label, company) => {
    const target = company();
    const db = await getDb();
    const manager = await createUser(target.tenantId, { tasksManager: true });
    const inactive = await createUser(target.tenantId, { assignee: true, active: false });
    const deleted = await createUser(target.tenantId, { assignee: true, deleted: new Date() });
    const id = await taskOf(target);
    const before = await storedTask(id);
    for (const assigneeId of [manager.id, inactive.id, deleted.id, 99_999_999]) {
      const error = refusal(await putSchedule(target, id, { date: at(monday, '09:00'), assigneeId }), 422, 'schedule.invalidWorker');
      expect(error.message).toBe('Only active workers can be assigned.');
    }
    await expectUnchanged(id, before);
    await db.update(users).set({ active: true }).where(eq(users.id, inactive.id));
    saved(await putSchedule(target, id, { date: at(monday, '09:00'), assigneeId: inactive.id, confirm: ['zones', 'skills'] }));
  });

  it("answers another tenant's worker exactly like an unknown id, and leaves both tenants alone", async () => {
    const id = await taskOf(on);
    const foreign = refusal(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: off.worker.id }), 422, 'schedule.invalidWorker');
    const unknown = refusal(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: 99_999_999 }), 422, 'schedule.invalidWorker');
    expect({ code: foreign.code, message: foreign.message, details: foreign.details }).toEqual({
      code: unknown.code,
      message: unknown.message,
      details: unknown.details,
    });
    expect((await storedTask(id)).assigneeId).toBeNull();
  });
});

describe('rule 2: an unassigned task is given a worker only on its own local day', () => {
  it.each([
    ['on', () => on],
    ['off', () => off],
  ])('refuses another day with NOT_PLANNED_FOR_DAY {date} and accepts its own day (features %s)', async (_label, company) => {
    const target = company();
    const id = await taskOf(target, { appointmentDate: new Date(at(monday, '10:00')) });
    const before = await storedTask(id);
    const error = refusal(await putSchedule(target, id, { date: at(wednesday, '10:00'), assigneeId: target.worker.id }), 422, 'schedule.notPlannedForDay');
    expect(error).toMatchObject({ message: 'Task is not planned for that day.', details: { date: monday } });
    await expectUnchanged(id, before);
    const done = saved(await putSchedule(target, id, { date: at(monday, '14:00'), assigneeId: target.worker.id }));
    expect(done).toMatchObject({ assigneeId: target.worker.id, appointment: { date: new Date(at(monday, '14:00')).toISOString() } });
  });

  it("takes the day on the tenant's clock, not UTC's", async () => {
    // 00:30 in Rome is still the day before in UTC.
    const id = await taskOf(off, { appointmentDate: new Date(at(monday, '00:30')) });
    saved(await putSchedule(off, id, { date: at(monday, '15:00'), assigneeId: off.worker.id }));
    const late = await taskOf(off, { appointmentDate: new Date(at(monday, '00:30')) });
    const error = refusal(await putSchedule(off, late, { date: at('2030-01-06', '23:30'), assigneeId: off.worker.id }), 422, 'schedule.notPlannedForDay');
    expect(error.details).toEqual({ date: monday });
  });

  it('leaves alone unscheduled tasks, moves of assigned ones and rescheduling without a worker', async () => {
    saved(await putSchedule(off, await taskOf(off), { date: at(wednesday, '10:00'), assigneeId: off.worker.id }));
    const assigned = await taskOf(off, { appointmentDate: new Date(at(monday, '10:00')), assigneeId: off.worker.id });
    saved(await putSchedule(off, assigned, { date: at(wednesday, '10:00'), assigneeId: off.colleague.id }));
    const unassigned = await taskOf(off, { appointmentDate: new Date(at(monday, '10:00')) });
    saved(await putSchedule(off, unassigned, { date: at(wednesday, '10:00') }));
  });
});

describe('rule 3: the interval lies within the time slot (feature 3)', () => {
  it("refuses a start before or an end after the task's slot, naming the slot", async () => {
    const id = await taskOf(on, { timeSlotId: on.slot.id });
    const before = await storedTask(id);
    const message = 'Invalid time slot: the task is already scheduled in slot Morning (08:00-12:00).';
    for (const [time, durationMins] of [['11:30', 60], ['07:30', 30], ['12:00', 30]] as const) {
      const error = refusal(await putSchedule(on, id, { date: at(wednesday, time), durationMins }), 422, 'schedule.outsideTimeSlot');
      expect(error).toMatchObject({ message, details: { slot: on.slot } });
    }
    await expectUnchanged(id, before);
    saved(await putSchedule(on, id, { date: at(wednesday, '08:00'), durationMins: 240 }));
  });

  it('checks the slot the body gives, and nothing once the body clears it', async () => {
    const id = await taskOf(on);
    refusal(await putSchedule(on, id, { date: at(wednesday, '14:00'), timeSlotId: on.slot.id }), 422, 'schedule.outsideTimeSlot');
    saved(await putSchedule(on, id, { date: at(wednesday, '10:00'), timeSlotId: on.slot.id }));
    const cleared = saved(await putSchedule(on, id, { date: at(wednesday, '14:00'), timeSlotId: null }));
    expect(cleared.timeSlotId).toBeNull();
  });

  it('checks it before the worker: a drop outside the slot is refused for the slot', async () => {
    const id = await taskOf(on, { timeSlotId: on.slot.id, appointmentDate: new Date(at(monday, '09:00')) });
    refusal(await putSchedule(on, id, { date: at(monday, '14:00'), assigneeId: on.worker.id }), 422, 'schedule.outsideTimeSlot');
  });

  it('checks nothing with feature 3 off, for a task that kept its slot', async () => {
    const id = await taskOf(off, { timeSlotId: off.slot.id });
    const done = saved(await putSchedule(off, id, { date: at(wednesday, '15:00'), durationMins: 60 }));
    expect(done.timeSlotId).toBe(off.slot.id);
  });
});

describe('rule 4: the worker is available over the whole interval (feature 2)', () => {
  const lunch = { kind: 'outsideWorkingHours', date: monday, hours: ['08:00-12:00', '13:00-17:00'] };

  it('refuses a drop (no worker before) with WORKER_UNAVAILABLE {warning}', async () => {
    const id = await taskOf(on, { appointmentDate: new Date(at(monday, '09:00')) });
    const before = await storedTask(id);
    // 11:30 + 60 minutes runs into the lunch break: the whole interval counts.
    const error = refusal(await putSchedule(on, id, { date: at(monday, '11:30'), durationMins: 60, assigneeId: on.worker.id }), 422, 'schedule.workerUnavailable');
    expect(error).toMatchObject({ message: 'Worker not available at that time.', details: { warning: lunch } });
    const unscheduled = await taskOf(on);
    const record = refusal(await putSchedule(on, unscheduled, { date: at(tuesday, '10:00'), assigneeId: on.worker.id }), 422, 'schedule.workerUnavailable');
    expect(record.details).toEqual({ warning: { kind: 'unavailable', date: tuesday } });
    // A confirmation does not turn a refusal into a save.
    refusal(
      await putSchedule(on, id, { date: at(monday, '18:00'), assigneeId: on.worker.id, confirm: ['unavailable', 'zones', 'noLocation', 'skills'] }),
      422,
      'schedule.workerUnavailable',
    );
    await expectUnchanged(id, before);
  });

  it('asks to confirm a move (a worker before) and saves it once confirmed', async () => {
    const id = await taskOf(on, { appointmentDate: new Date(at(monday, '09:00')), assigneeId: on.worker.id });
    const before = await storedTask(id);
    const asked = refusal(await putSchedule(on, id, { date: at(monday, '11:30'), durationMins: 60, assigneeId: on.worker.id }), 422, 'schedule.confirmationRequired');
    expect(asked.details).toEqual({ warnings: [lunch] });
    await expectUnchanged(id, before);
    const done = saved(await putSchedule(on, id, { date: at(monday, '11:30'), durationMins: 60, assigneeId: on.worker.id, confirm: ['unavailable'] }));
    expect(done.appointment).toEqual({ date: new Date(at(monday, '11:30')).toISOString(), durationMins: 60 });
  });

  it("does not count the worker's other tasks, and lets a free slot through", async () => {
    await taskOf(on, { appointmentDate: new Date(at(wednesday, '09:00')), assigneeId: on.worker.id, durationMins: 120 });
    const id = await taskOf(on);
    saved(await putSchedule(on, id, { date: at(wednesday, '09:30'), assigneeId: on.worker.id }));
  });

  it('checks nothing with feature 2 off', async () => {
    const id = await taskOf(off);
    saved(await putSchedule(off, id, { date: at(tuesday, '22:00'), assigneeId: off.worker.id }));
  });
});

describe('rules 5 and 6: zones (feature 1) and skills (feature 4) are confirmations', () => {
  it("asks about a location outside all the worker's zones, then saves with 'zones' confirmed", async () => {
    const id = await taskOf(on, outside);
    const asked = refusal(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: on.worker.id }), 422, 'schedule.confirmationRequired');
    expect(asked.details).toEqual({ warnings: [{ kind: 'zones', zones: ['Milano centro'] }] });
    saved(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: on.worker.id, confirm: ['zones'] }));
  });

  it("asks about a task with no location, then saves with 'noLocation' confirmed", async () => {
    const id = await taskOf(on, { locationLatitude: null, locationLongitude: null });
    const asked = refusal(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: on.worker.id }), 422, 'schedule.confirmationRequired');
    expect(asked.details).toEqual({ warnings: [{ kind: 'noLocation' }] });
    refusal(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: on.worker.id, confirm: ['zones'] }), 422, 'schedule.confirmationRequired');
    saved(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: on.worker.id, confirm: ['noLocation'] }));
  });

  it('lists the required, given and missing skills, then saves with them confirmed', async () => {
    const id = await taskOf(on, { typeId: on.types.boiler, durationMins: 90 });
    const asked = refusal(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: on.worker.id }), 422, 'schedule.confirmationRequired');
    expect(asked.details).toEqual({ warnings: [{ kind: 'skills', required: ['Gas', 'Plumbing'], given: ['Plumbing'], missing: ['Gas'] }] });
    saved(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: on.worker.id, confirm: ['skills'] }));
  });

  it('saves without asking for a worker who fits', async () => {
    const id = await taskOf(on, { typeId: on.types.boiler, durationMins: 90, ...inside });
    saved(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: on.colleague.id }));
  });

  it('checks nothing with features 1 and 4 off', async () => {
    const id = await taskOf(off, { typeId: off.types.boiler, locationLatitude: null, locationLongitude: null });
    saved(await putSchedule(off, id, { date: at(monday, '09:00'), assigneeId: off.worker.id }));
    const far = await taskOf(off, outside);
    saved(await putSchedule(off, far, { date: at(monday, '09:00'), assigneeId: off.worker.id }));
  });
});

describe('confirmation lists', () => {
  it('lists every warning in rule order until all are confirmed, then saves', async () => {
    const id = await taskOf(on, { typeId: on.types.boiler, durationMins: 90, ...outside, appointmentDate: new Date(at(monday, '09:00')), assigneeId: on.colleague.id });
    const move = { date: at(monday, '16:00'), assigneeId: on.worker.id };
    const first = refusal(await putSchedule(on, id, move), 422, 'schedule.confirmationRequired');
    const warnings = (first.details as { warnings: Array<{ kind: string }> }).warnings;
    expect(warnings.map((warning) => warning.kind)).toEqual(['outsideWorkingHours', 'zones', 'skills']);
    const partly = refusal(await putSchedule(on, id, { ...move, confirm: ['skills', 'zones'] }), 422, 'schedule.confirmationRequired');
    expect(partly.details).toEqual(first.details);
    const done = saved(await putSchedule(on, id, { ...move, confirm: ['skills', 'zones', 'unavailable'] }));
    expect(done.assigneeId).toBe(on.worker.id);
  });

  it("does not ask again about zones and skills when the task moves along its own worker's row", async () => {
    const id = await taskOf(on, { typeId: on.types.boiler, durationMins: 90, ...outside });
    saved(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: on.worker.id, confirm: ['zones', 'skills'] }));
    saved(await putSchedule(on, id, { date: at(wednesday, '13:00'), assigneeId: on.worker.id }));
  });

  it('refuses a confirmation the contract does not know with 400', async () => {
    const id = await taskOf(on);
    refusal(await putSchedule(on, id, { date: at(monday, '09:00'), assigneeId: on.worker.id, confirm: ['everything'] }), 400, 'request.invalid');
  });
});
