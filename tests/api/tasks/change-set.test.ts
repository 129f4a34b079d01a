import { beforeAll, describe, expect, it } from 'vitest';
import { POST as createTask } from '@/app/api/web/tasks/route';
import { PUT as updateTask } from '@/app/api/web/tasks/[id]/route';
import { POST as postRecurring } from '@/app/api/web/tasks/recurring/route';
import type { RecurrenceResult } from '@/lib/contract/recurrence';
import { addDays, todayIn, zonedInstant } from '@/lib/contract/zoned-time';
import { addRule, outboxOf, triggerCompany } from '../notification-triggers-fixtures';
import { ok, postUndo, putApply } from '../auto-schedule-fixtures';
import { call } from '../setup/http';
import { callJson, logsOf, seedTask, timelineOf, type TaskCompany, type TaskView } from './helpers';
import { csvText, importCsv, taskByReference } from './import-helpers';
import { allFeatures, monday, scheduleCompany, storedTask, taskOf, type ScheduleCompany } from './schedule-fixtures';

const zone = 'Europe/Rome';
let company: TaskCompany;

beforeAll(async () => {
  company = await triggerCompany();
});

async function postTask(task: Record<string, unknown>): Promise<TaskView> {
  const form = new FormData();
  form.set('task', JSON.stringify(task));
  const response = await call(createTask, { method: 'POST', path: '/api/web/tasks', body: form, cookie: company.cookie });
  const body = (await response.json()) as TaskView;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** The same task through the CSV import: a survey of the company's client and worker at `day` `time` (tenant's clock). */
async function importTask(reference: string, day: string, time: string) {
  const header = ['externalReference', 'taskType', 'client', 'scheduleDate', 'scheduleTime', 'worker'];
  const result = await importCsv(csvText(header, [[reference, 'Survey', 'Rossi Srl', day, time, company.worker.username]]), {
    cookie: company.cookie,
  });
  expect(result.importedCount, JSON.stringify(result)).toBe(1);
  return taskByReference(company.tenantId, reference);
}

/** An outbox row without what names the row itself or the task (ids, creation time). */
const planned = (row: Awaited<ReturnType<typeof outboxOf>>[number]) => {
  const { id: _id, taskId: _taskId, created: _created, ...rest } = row;
  return rest;
};

/** A log row as a task's history shows it, with the task's own reference number written as a placeholder. */
const entries = async (taskId: number, referenceNumber: number) =>
  (await logsOf(taskId)).map((log) => ({ ...log, newValue: log.newValue === String(referenceNumber) ? '<reference>' : log.newValue }));

describe('a task imported by CSV meets the notification rules as POST tasks does', () => {
  it('plans the same BEFORE_APPOINTMENT outbox row: rule, planned time, recipient, channel, text', async () => {
    const rule = await addRule(company.tenantId, {
      type: 'BEFORE_APPOINTMENT',
      numberOfHours: 3,
      recipient: 'CLIENT',
      messageType: 'EMAIL',
      subject: 'Reminder',
      message: 'See you {appointment}, {client_name}',
    });
    const day = addDays(todayIn(zone), 5);
    const start = zonedInstant(day, '09:30', zone);
    const posted = await postTask({
      typeId: company.types.survey,
      clientId: company.clients.active,
      assigneeId: company.worker.id,
      appointment: { date: start.toISOString(), durationMins: 30 },
    });
    const imported = await importTask('CS-NOTIFY-1', day, '09:30');
    expect(imported.appointmentDate?.toISOString()).toBe(start.toISOString());

    const fromPost = await outboxOf(posted.id, rule);
    const fromImport = await outboxOf(imported.id, rule);
    expect(fromPost).toHaveLength(1);
    expect(fromImport).toHaveLength(1);
    expect(fromImport[0].nextAttemptAt.getTime()).toBe(start.getTime() - 3 * 3_600_000);
    expect(planned(fromImport[0])).toEqual(planned(fromPost[0]));
  });
});

describe('every way of writing tasks records the entries and timeline rows of the single write', () => {
  it('import and recurrence create tasks with the timeline row and task_created entry of POST tasks', async () => {
    const day = addDays(todayIn(zone), 7);
    const posted = await postTask({
      typeId: company.types.survey,
      clientId: company.clients.active,
      assigneeId: company.worker.id,
      appointment: { date: zonedInstant(day, '10:00', zone).toISOString(), durationMins: 30 },
    });
    const single = await entries(posted.id, posted.referenceNumber);
    expect(single).toEqual([{ action: 'task_created', oldValue: null, newValue: '<reference>', userId: company.owner.id }]);
    expect(await timelineOf(posted.id)).toEqual([1]);

    const imported = await importTask('CS-LOG-1', day, '10:00');
    expect(await entries(imported.id, imported.referenceNumber)).toEqual(single);
    expect(await timelineOf(imported.id)).toEqual(await timelineOf(posted.id));

    const parent = await seedTask(company.tenantId, {
      typeId: company.types.survey,
      clientId: company.clients.active,
      assigneeId: company.worker.id,
      appointmentDate: zonedInstant(addDays(todayIn(zone), 1), '09:00', zone),
      durationMins: 30,
    });
    const series = await callJson<RecurrenceResult>(postRecurring, {
      method: 'POST',
      path: '/api/web/tasks/recurring',
      json: { parentTaskId: parent, recurringRule: 'daily', endRecurrence: addDays(todayIn(zone), 3) },
      cookie: company.cookie,
    });
    expect(series.status, JSON.stringify(series.body)).toBe(200);
    expect(series.body.createdTaskIds.length).toBeGreaterThan(0);
    for (const childId of series.body.createdTaskIds) {
      const child = await storedTask(childId);
      expect(await entries(childId, child.referenceNumber)).toEqual(single);
      expect(await timelineOf(childId)).toEqual([1]);
    }
  });

  it('auto-schedule apply and undo record what PUT tasks/{id} records for the same worker and date', async () => {
    const c: ScheduleCompany = await scheduleCompany(allFeatures);
    const placedByRun = await taskOf(c, { title: 'Placed by the run' });
    const run = ok(await putApply(c.cookie, monday));
    expect(run.placedCount).toBe(1);
    const placement = await storedTask(placedByRun);
    const put = (id: number, json: unknown) =>
      callJson<TaskView>(updateTask, { method: 'PUT', params: { id }, json, cookie: c.cookie });

    // The same task, given the same worker and start by hand once the run's day is written.
    const byHand = await taskOf(c, { title: 'Placed by hand' });
    const assigned = await put(byHand, {
      assigneeId: placement.assigneeId,
      appointment: { date: placement.appointmentDate?.toISOString(), durationMins: 30 },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(await logsOf(placedByRun)).toEqual(await logsOf(byHand));
    expect((await logsOf(byHand)).map((log) => log.action)).toEqual(['change_assignee', 'update_task_details']);

    ok(await postUndo(c.cookie, run.runId as number));
    const cleared = await put(byHand, { assigneeId: null, appointment: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await logsOf(placedByRun)).toEqual(await logsOf(byHand));
    expect(await timelineOf(placedByRun)).toEqual(await timelineOf(byHand));
  });
});
