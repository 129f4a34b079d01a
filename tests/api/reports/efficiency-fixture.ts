import { eq } from 'drizzle-orm';
import {
  clients,
  taskTimeline,
  taskTypes,
  tasks,
  users,
  workerUnavailability,
  workingHoursTemplateDays,
  workingHoursTemplates,
} from '@/db/schema';
import { TaskStatus } from '@/lib/contract/statuses';
import { weekDays } from '@/lib/contract/working-hours';
import { getDb } from '@/lib/server/core/db';
import { allocateReferenceNumber } from '@/lib/server/tasks/write';
import { createCompany, createUser } from '../setup/fixtures';
import { signIn } from '../setup/http';

/**
 * A hand-computed fixture for the efficiency report. The tenant's zone is Europe/Rome (the default), UTC+1 in early
 * March 2026, so '2026-03-02T10:15:00+01:00' is 10:15 on the company's clock. The report range of the tests is
 * Monday 2 to Wednesday 4 March 2026.
 */
export const rome = (local: string) => new Date(/[+-]\d\d:\d\d$/.test(local) ? local : `${local}+01:00`);

export const range = { from: '2026-03-02', to: '2026-03-04' };

type Step = [statusId: number, at: string];

async function completedTask(
  tenantId: number,
  values: { typeId: number; durationMins: number; clientId: number | null; assigneeId: number | null; title: string },
  steps: Step[],
  extra: Partial<typeof tasks.$inferInsert> = {},
): Promise<{ id: number; referenceNumber: number }> {
  const db = await getDb();
  const referenceNumber = await allocateReferenceNumber(db, tenantId);
  const last = steps[steps.length - 1];
  const completions = steps.filter(([statusId]) => statusId === TaskStatus.completed);
  const completedAt = completions.length > 0 ? rome(completions[completions.length - 1][1]) : null;
  const [task] = await db
    .insert(tasks)
    .values({
      tenantId,
      referenceNumber,
      ...values,
      appointmentDate: rome(steps[0][1]),
      statusId: last[0],
      completedAt,
      ...extra,
    })
    .returning({ id: tasks.id });
  // Rows one by one, in order: the in-progress trigger on the timeline reads them as they come.
  for (const [statusId, at] of steps) {
    await db.insert(taskTimeline).values({ tenantId, taskId: task.id, statusId, created: rome(at) });
  }
  return { id: task.id, referenceNumber };
}

const P = TaskStatus.pending;
const I = TaskStatus.inProgress;
const Z = TaskStatus.paused;
const C = TaskStatus.completed;

async function officeTemplate(tenantId: number): Promise<number> {
  const db = await getDb();
  const [template] = await db.insert(workingHoursTemplates).values({ tenantId, name: 'Office' }).returning({ id: workingHoursTemplates.id });
  await db.insert(workingHoursTemplateDays).values(
    weekDays.map((day) => ({
      tenantId,
      templateId: template.id,
      day,
      hours: day === 'sat' || day === 'sun' ? ' ' : '08:00|12:00,13:00|17:00',
    })),
  );
  return template.id;
}

async function worker(tenantId: number, name: string, templateId: number | null, active = true) {
  const user = await createUser(tenantId, { assignee: true, active });
  const db = await getDb();
  await db.update(users).set({ name, surname: 'Worker', workingHoursTemplateId: templateId }).where(eq(users.id, user.id));
  return user;
}

/**
 * Tenant A, with what the expected numbers below are worked out from:
 * - w1 and w4 (deactivated) follow the Office template (Mon–Fri 8 h); w2 too, with a day off on Tuesday 3 and
 *   09:00–11:00 only on Wednesday 4; w3 has no template (no hours known: counts nothing); w5 has no template and
 *   one record on Sunday 29 March, the day Rome moves to summer time: 01:00–04:00 is 2 real hours.
 * - the company's own worker (from createCompany) has no template either.
 */
export async function efficiencyCompany() {
  const db = await getDb();
  const company = await createCompany();
  const { tenantId } = company;
  const templateId = await officeTemplate(tenantId);
  const [repair, survey] = await db
    .insert(taskTypes)
    .values([
      { tenantId, name: 'Repair', durationMins: 90 },
      { tenantId, name: 'Survey', durationMins: 30 },
    ])
    .returning({ id: taskTypes.id });
  const [rossi, bianchi] = await db
    .insert(clients)
    .values([
      { tenantId, displayName: 'Rossi Srl' },
      { tenantId, displayName: 'Bianchi Spa' },
    ])
    .returning({ id: clients.id });
  const w1 = await worker(tenantId, 'Anna', templateId);
  const w2 = await worker(tenantId, 'Bruno', templateId);
  const w3 = await worker(tenantId, 'Carla', null);
  const w4 = await worker(tenantId, 'Dario', templateId, false);
  const w5 = await worker(tenantId, 'Elena', null);
  await db.insert(workerUnavailability).values([
    { tenantId, userId: w2.id, dateUnavailability: '2026-03-03', hours: ' ' },
    { tenantId, userId: w2.id, dateUnavailability: '2026-03-04', hours: '09:00|11:00' },
    { tenantId, userId: w2.id, dateUnavailability: '2026-03-02', hours: '06:00|07:00', deleted: new Date() },
    { tenantId, userId: w5.id, dateUnavailability: '2026-03-29', hours: '01:00|04:00' },
  ]);

  const repairOf = (clientId: number | null, assigneeId: number, title: string) => ({
    typeId: repair.id, durationMins: 90, clientId, assigneeId, title,
  });
  const surveyOf = (clientId: number | null, assigneeId: number, title: string) => ({
    typeId: survey.id, durationMins: 30, clientId, assigneeId, title,
  });

  const tasksOf = {
    // Two in-progress spans around a 30-minute pause: 60 + 45 = 105 min against 90.
    t1: await completedTask(tenantId, repairOf(rossi.id, w1.id, 'Boiler'), [
      [P, '2026-03-01T10:00:00'], [I, '2026-03-02T08:00:00'], [Z, '2026-03-02T09:00:00'],
      [I, '2026-03-02T09:30:00'], [C, '2026-03-02T10:15:00'],
    ]),
    // 20 min against 30.
    t2: await completedTask(tenantId, surveyOf(bianchi.id, w2.id, 'Survey B'), [
      [P, '2026-03-02T12:00:00'], [I, '2026-03-03T14:00:00'], [C, '2026-03-03T14:20:00'],
    ]),
    // Completed at 23:59:59 on the last day: inside. 59 s in progress reads 1 min: efficiency 0.
    t3: await completedTask(tenantId, surveyOf(rossi.id, w1.id, 'Late survey'), [
      [P, '2026-03-04T08:00:00'], [I, '2026-03-04T23:59:00'], [C, '2026-03-04T23:59:59'],
    ]),
    // Completed at 00:00:00 the day after the range: outside.
    t4: await completedTask(tenantId, repairOf(rossi.id, w2.id, 'Too late'), [
      [P, '2026-03-04T08:00:00'], [I, '2026-03-04T23:00:00'], [C, '2026-03-05T00:00:00'],
    ]),
    // Completed at 00:00:00.000 on the first day: inside; 30 min exactly against 30, no difference.
    t5: await completedTask(tenantId, surveyOf(bianchi.id, w1.id, 'Midnight'), [
      [P, '2026-03-01T08:00:00'], [I, '2026-03-01T23:30:00'], [C, '2026-03-02T00:00:00.000'],
    ]),
    // Completed at 23:59:59.999 the day before the range: outside.
    t6: await completedTask(tenantId, surveyOf(bianchi.id, w1.id, 'Too early'), [
      [P, '2026-03-01T08:00:00'], [I, '2026-03-01T23:00:00'], [C, '2026-03-01T23:59:59.999'],
    ]),
    // No client; completed, reopened, completed again: 40 + 20 = 60 min against 90; the second completion counts.
    t7: await completedTask(tenantId, repairOf(null, w3.id, 'Reopened'), [
      [P, '2026-03-02T08:00:00'], [I, '2026-03-03T10:00:00'], [C, '2026-03-03T10:40:00'],
      [I, '2026-03-03T11:00:00'], [C, '2026-03-03T11:20:00'],
    ]),
    // Completed without ever being in progress: actual 0, no start.
    t11: await completedTask(tenantId, surveyOf(rossi.id, w2.id, 'Straight to done'), [
      [P, '2026-03-02T08:00:00'], [C, '2026-03-03T12:00:00'],
    ]),
    // The deactivated worker's: 60 min against 30.
    t12: await completedTask(tenantId, surveyOf(bianchi.id, w4.id, 'Slow survey'), [
      [P, '2026-03-02T08:00:00'], [I, '2026-03-04T08:00:00'], [C, '2026-03-04T09:00:00'],
    ]),
    // On Sunday 29 March, the day Rome moves to summer time (UTC+2 from 03:00): 45 min against 30.
    t13: await completedTask(tenantId, surveyOf(rossi.id, w5.id, 'Summer time'), [
      [P, '2026-03-28T08:00:00'], [I, '2026-03-29T09:00:00+02:00'], [C, '2026-03-29T09:45:00+02:00'],
    ]),
  };
  // Never counted: a deleted task, a reopened one now in progress, a cancelled one, all completed in the range.
  await completedTask(tenantId, repairOf(rossi.id, w1.id, 'Deleted'), [
    [P, '2026-03-02T08:00:00'], [I, '2026-03-02T09:00:00'], [C, '2026-03-02T10:00:00'],
  ], { deleted: new Date() });
  await completedTask(tenantId, repairOf(rossi.id, w1.id, 'Reopened, open'), [
    [P, '2026-03-02T08:00:00'], [I, '2026-03-02T09:00:00'], [C, '2026-03-02T10:00:00'], [I, '2026-03-02T11:00:00'],
  ]);
  await completedTask(tenantId, repairOf(rossi.id, w1.id, 'Cancelled'), [
    [P, '2026-03-02T08:00:00'], [I, '2026-03-02T09:00:00'], [C, '2026-03-02T10:00:00'], [TaskStatus.cancelled, '2026-03-02T11:00:00'],
  ]);

  const dispatcher = await createUser(tenantId, { tasksManager: true });
  const people = await createUser(tenantId, { usersManager: true });
  return {
    ...company,
    types: { repair: repair.id, survey: survey.id },
    clients: { rossi: rossi.id, bianchi: bianchi.id },
    workers: { w1, w2, w3, w4, w5 },
    tasks: tasksOf,
    cookies: {
      dispatcher: await signIn(dispatcher.username),
      people: await signIn(people.username),
      worker: await signIn(w1.username),
    },
  };
}

/**
 * Tenant B: a worker on the Office template and a task completed in the same range, of a client and type of its
 * own. Tenant A must never see or count any of it.
 */
export async function otherCompany() {
  const db = await getDb();
  const company = await createCompany();
  const { tenantId } = company;
  const templateId = await officeTemplate(tenantId);
  const [type] = await db.insert(taskTypes).values({ tenantId, name: 'Repair', durationMins: 90 }).returning({ id: taskTypes.id });
  const [client] = await db.insert(clients).values({ tenantId, displayName: 'Other client' }).returning({ id: clients.id });
  const w = await worker(tenantId, 'Other', templateId);
  const task = await completedTask(tenantId, { typeId: type.id, durationMins: 90, clientId: client.id, assigneeId: w.id, title: 'Theirs' }, [
    [P, '2026-03-02T08:00:00'], [I, '2026-03-02T09:00:00'], [C, '2026-03-02T11:00:00'],
  ]);
  return { ...company, typeId: type.id, clientId: client.id, workerId: w.id, task, cookie: await signIn(company.owner.username) };
}
