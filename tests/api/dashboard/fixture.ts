import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { clients, sessions, taskTimeline, taskTypes, tasks, tenants, users } from '@/db/schema';
import { addDays, todayIn, zonedInstant } from '@/lib/contract/zoned-time';
import { getDb } from '@/lib/server/core/db';
import { createTenant, createUser, type TestUser } from '../setup/fixtures';
import { signIn } from '../setup/http';

/**
 * The hand-computed dashboard fixture. The tenant lives in Asia/Tokyo (UTC+9, no summer time), so a day in the
 * tenant's calendar and a UTC day differ by nine hours: 08:59 in Tokyo today is still yesterday in UTC, and a
 * dashboard that cut days in UTC would put such a task on the wrong day or outside the week.
 */
export const fixtureZone = 'Asia/Tokyo';

/** A moment on the tenant's clock, `dayOffset` days from today (0 = today, -6 = the first day of the week). */
export function at(today: string, dayOffset: number, time: string): Date {
  return zonedInstant(addDays(today, dayOffset), time, fixtureZone);
}

export const places = {
  /** Shown as (35.681, 139.767) once rounded to about 100 m. */
  tokyoStation: { lat: 35.6812, lng: 139.7671 },
  /** A few metres from tokyoStation: the same heat-map point. */
  nextToStation: { lat: 35.68123, lng: 139.76712 },
  /** (35.69, 139.692) */
  shinjuku: { lat: 35.6896, lng: 139.6917 },
  /** (34.694, 135.502) */
  osaka: { lat: 34.6937, lng: 135.5023 },
};

type Place = { lat: number; lng: number } | null;
type Step = [statusId: number, at: Date];

interface TaskSpec {
  type: number;
  client: number | null;
  assignee: number | null;
  statusId: number;
  durationMins: number;
  appointment: Date | null;
  place: Place;
  created: Date;
  /** Status changes after creation, in order; a completion sets completedAt. */
  steps: Step[];
  deleted?: boolean;
}

let reference = 0;

/** Writes a task and its timeline as the app would have: the trigger folds the timeline into the actual time. */
async function insertTask(tenantId: number, spec: TaskSpec): Promise<number> {
  const db = await getDb();
  const completion = spec.steps.filter(([statusId]) => statusId === 4).at(-1);
  const [row] = await db
    .insert(tasks)
    .values({
      tenantId,
      referenceNumber: ++reference,
      title: `Fixture ${reference}`,
      typeId: spec.type,
      clientId: spec.client,
      assigneeId: spec.assignee,
      statusId: spec.statusId,
      durationMins: spec.durationMins,
      appointmentDate: spec.appointment,
      locationLatitude: spec.place?.lat ?? null,
      locationLongitude: spec.place?.lng ?? null,
      completedAt: completion?.[1] ?? null,
      cancelled: spec.statusId === 5 ? spec.created : null,
      created: spec.created,
      deleted: spec.deleted ? new Date() : null,
    })
    .returning({ id: tasks.id });
  const timeline: Step[] = [[1, spec.created], ...spec.steps];
  for (const [statusId, moment] of timeline) {
    await db.insert(taskTimeline).values({ tenantId, taskId: row.id, statusId, created: moment });
  }
  return row.id;
}

async function named(user: TestUser, name: string, surname: string) {
  const db = await getDb();
  await db.update(users).set({ name, surname }).where(eq(users.id, user.id));
}

async function addSession(userId: number, expiresAt: Date) {
  const db = await getDb();
  await db.insert(sessions).values({ userId, token: randomUUID(), expiresAt });
}

/**
 * Tenant A (Tokyo). Workers: Anna and Bruno active, Carla active with an expired session, a deactivated worker
 * holding a live session and a deleted worker: 3 workers, of whom only Anna (signed in here) is logged in.
 * Tasks (day offsets from today, Tokyo clock; actual = minutes in progress):
 *   1 Repair  Alpha Anna   completed  0 08:59, in progress from 0 08:00 (59)         est 60   appt 0 08:00  station  created -10
 *   2 Repair  Beta  Anna   completed -6 00:00, in progress from -7 23:00 (60)        est 90   appt -7 23:00 shinjuku created -8
 *   3 Survey  Alpha Bruno  completed -7 23:59, in progress from -7 23:00 (59)        est 30   appt -7 22:00 nextTo   created -7 21:00
 *   4 Survey  none  Bruno  completed -3 12:00, 10:00-10:20 and 10:40-12:00 (100)     est 120  appt -3 10:00 none     created -20
 *   5 Install Alpha Anna   completed -40 10:00, from -40 09:00 (60)                  est 45   appt -40      none     created -45
 *   6 Repair  Alpha Anna   completed today but deleted: never counted
 *   7 Repair  Beta  none   pending                                                            appt -1 15:00 shinjuku created -6 08:30 (-7 23:30 UTC)
 *   8 Install Beta  Anna   in progress since 0 07:00                                          appt 0 07:00  osaka    created -1
 *   9 Survey  Alpha Bruno  cancelled                                                          appt -2 11:00 shinjuku created -7 23:59
 *  10 Repair  Alpha none   pending, unscheduled                                                                      created -6 00:00
 *  11 Repair  Beta  Bruno  paused (in progress -1 09:00 to 09:30)                             appt -1 09:00 none     created -30
 */
export async function dashboardFixture() {
  const db = await getDb();
  const tenantId = await createTenant({ name: 'Dashboard Tokyo' });
  await db.update(tenants).set({ timeZone: fixtureZone }).where(eq(tenants.id, tenantId));
  const today = todayIn(fixtureZone);
  const [manager, dispatcher, peopleManager, anna, bruno, carla, deactivated, deleted] = await Promise.all([
    createUser(tenantId, { owner: true }),
    createUser(tenantId, { tasksManager: true }),
    createUser(tenantId, { usersManager: true }),
    createUser(tenantId, { assignee: true }),
    createUser(tenantId, { assignee: true }),
    createUser(tenantId, { assignee: true }),
    createUser(tenantId, { assignee: true, active: false }),
    createUser(tenantId, { assignee: true, deleted: new Date() }),
  ]);
  await Promise.all([named(anna, 'Anna', 'Verdi'), named(bruno, 'Bruno', 'Neri'), named(carla, 'Carla', 'Rossi')]);
  await addSession(carla.id, new Date(Date.now() - 60_000));
  await addSession(deactivated.id, new Date(Date.now() + 86_400_000));
  await addSession(deleted.id, new Date(Date.now() + 86_400_000));
  const [repair, survey, install] = await db
    .insert(taskTypes)
    .values([
      { tenantId, name: 'Repair', durationMins: 60 },
      { tenantId, name: 'Survey', durationMins: 30 },
      { tenantId, name: 'Install', durationMins: 45 },
    ])
    .returning({ id: taskTypes.id });
  const [alpha, beta] = await db
    .insert(clients)
    .values([
      { tenantId, displayName: 'Alpha', defaultTaskLocation: {} },
      { tenantId, displayName: 'Beta', defaultTaskLocation: {} },
    ])
    .returning({ id: clients.id });
  const d = (offset: number, time: string) => at(today, offset, time);
  const specs: TaskSpec[] = [
    { type: repair.id, client: alpha.id, assignee: anna.id, statusId: 4, durationMins: 60, appointment: d(0, '08:00'), place: places.tokyoStation, created: d(-10, '10:00'), steps: [[2, d(0, '08:00')], [4, d(0, '08:59')]] },
    { type: repair.id, client: beta.id, assignee: anna.id, statusId: 4, durationMins: 90, appointment: d(-7, '23:00'), place: places.shinjuku, created: d(-8, '09:00'), steps: [[2, d(-7, '23:00')], [4, d(-6, '00:00')]] },
    { type: survey.id, client: alpha.id, assignee: bruno.id, statusId: 4, durationMins: 30, appointment: d(-7, '22:00'), place: places.nextToStation, created: d(-7, '21:00'), steps: [[2, d(-7, '23:00')], [4, d(-7, '23:59')]] },
    { type: survey.id, client: null, assignee: bruno.id, statusId: 4, durationMins: 120, appointment: d(-3, '10:00'), place: null, created: d(-20, '09:00'), steps: [[2, d(-3, '10:00')], [3, d(-3, '10:20')], [2, d(-3, '10:40')], [4, d(-3, '12:00')]] },
    { type: install.id, client: alpha.id, assignee: anna.id, statusId: 4, durationMins: 45, appointment: d(-40, '09:00'), place: null, created: d(-45, '09:00'), steps: [[2, d(-40, '09:00')], [4, d(-40, '10:00')]] },
    { type: repair.id, client: alpha.id, assignee: anna.id, statusId: 4, durationMins: 60, appointment: d(0, '10:00'), place: places.osaka, created: d(-1, '09:00'), steps: [[2, d(0, '10:00')], [4, d(0, '10:30')]], deleted: true },
    { type: repair.id, client: beta.id, assignee: null, statusId: 1, durationMins: 60, appointment: d(-1, '15:00'), place: places.shinjuku, created: d(-6, '08:30'), steps: [] },
    { type: install.id, client: beta.id, assignee: anna.id, statusId: 2, durationMins: 45, appointment: d(0, '07:00'), place: places.osaka, created: d(-1, '09:00'), steps: [[2, d(0, '07:00')]] },
    { type: survey.id, client: alpha.id, assignee: bruno.id, statusId: 5, durationMins: 30, appointment: d(-2, '11:00'), place: places.shinjuku, created: d(-7, '23:59'), steps: [[5, d(-7, '23:59')]] },
    { type: repair.id, client: alpha.id, assignee: null, statusId: 1, durationMins: 60, appointment: null, place: null, created: d(-6, '00:00'), steps: [] },
    { type: repair.id, client: beta.id, assignee: bruno.id, statusId: 3, durationMins: 60, appointment: d(-1, '09:00'), place: null, created: d(-30, '12:00'), steps: [[2, d(-1, '09:00')], [3, d(-1, '09:30')]] },
  ];
  for (const spec of specs) await insertTask(tenantId, spec);
  const [managerCookie, dispatcherCookie, peopleCookie, annaCookie] = await Promise.all([
    signIn(manager.username),
    signIn(dispatcher.username),
    signIn(peopleManager.username),
    signIn(anna.username),
  ]);
  return {
    tenantId,
    today,
    ids: { repair: repair.id, survey: survey.id, install: install.id, alpha: alpha.id, beta: beta.id, anna: anna.id, bruno: bruno.id },
    cookies: { manager: managerCookie, dispatcher: dispatcherCookie, people: peopleCookie, worker: annaCookie },
  };
}

/**
 * Tenant B, in UTC, with its own worker signed in and its own completed, scheduled and located tasks today: if any
 * of it leaked into tenant A's numbers, A's exact figures would move.
 */
export async function otherTenantFixture() {
  const db = await getDb();
  const tenantId = await createTenant({ name: 'Dashboard other' });
  await db.update(tenants).set({ timeZone: 'UTC' }).where(eq(tenants.id, tenantId));
  const today = todayIn('UTC');
  const worker = await createUser(tenantId, { assignee: true });
  const owner = await createUser(tenantId, { owner: true });
  const [type] = await db.insert(taskTypes).values({ tenantId, name: 'Repair', durationMins: 60 }).returning({ id: taskTypes.id });
  const [client] = await db.insert(clients).values({ tenantId, displayName: 'Alpha', defaultTaskLocation: {} }).returning({ id: clients.id });
  const moment = (offset: number, time: string) => zonedInstant(addDays(today, offset), time, 'UTC');
  for (let index = 0; index < 3; index++) {
    await insertTask(tenantId, {
      type: type.id,
      client: client.id,
      assignee: worker.id,
      statusId: 4,
      durationMins: 60,
      appointment: moment(-1, '10:00'),
      place: places.tokyoStation,
      created: moment(-2, '10:00'),
      steps: [[2, moment(-1, '10:00')], [4, moment(-1, '11:00')]],
    });
  }
  await signIn(worker.username);
  return { tenantId, ownerCookie: await signIn(owner.username) };
}
