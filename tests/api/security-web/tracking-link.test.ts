import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as tracking } from '@/app/api/web/tasks/tracking/route';
import { PATCH as workerStatus } from '@/app/api/web/worker/tasks/[id]/status/route';
import { POST as postLocation } from '@/app/api/web/users/me/location/route';
import { taskTypes, tasks, users } from '@/db/schema';
import { publicLinkMessages, type TrackingView } from '@/lib/contract/public-links';
import { TaskStatus } from '@/lib/contract/statuses';
import { getDb } from '@/lib/server/core/db';
import { createTaskLink } from '@/lib/server/messaging/links/tokens';
import { createCompany, createUser } from '../setup/fixtures';
import { call, signIn } from '../setup/http';
import { seedTask } from '../tasks/helpers';

/** Everything a tracking answer may hold: the task's title, appointment and one marker, and the worker's first name. */
const allowedKeys = ['appointmentDate', 'durationMins', 'latLng', 'latLngSource', 'taskTitle', 'workerFirstName'];

let tenantId: number;
let typeId: number;

beforeAll(async () => {
  const company = await createCompany();
  tenantId = company.tenantId;
  const db = await getDb();
  const [type] = await db.insert(taskTypes).values({ tenantId, name: 'Repair' }).returning({ id: taskTypes.id });
  typeId = type.id;
});

/** Each test gets its own signed-in worker, so positions and rate windows never mix between tests. */
async function signedInWorker() {
  const db = await getDb();
  const user = await createUser(tenantId, { assignee: true });
  await db.update(users).set({ name: 'Marta', surname: 'Bianchisurname' }).where(eq(users.id, user.id));
  return { id: user.id, cookie: await signIn(user.username) };
}

const taskLocation = { lat: 45.07, lng: 7.68 };
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000);

async function taskOf(assigneeId: number, title: string, values: Partial<typeof tasks.$inferInsert> = {}) {
  return seedTask(tenantId, {
    typeId,
    title,
    assigneeId,
    appointmentDate: daysAhead(3),
    durationMins: 60,
    locationAddress: 'Via Po 10, Torino',
    locationLatitude: taskLocation.lat,
    locationLongitude: taskLocation.lng,
    ...values,
  });
}

async function trackingToken(taskId: number): Promise<string> {
  const url = await createTaskLink(await getDb(), { tenantId, taskId, purpose: 'TRACKING' });
  return url.split('/').at(-1) ?? '';
}

async function track(token: string): Promise<{ status: number; text: string }> {
  const response = await call(tracking, { query: { token } });
  return { status: response.status, text: await response.text() };
}

/** A 200 answer; its keys are checked after each test's own assertions, so a failure names the leak first. */
async function trackedView(token: string): Promise<{ view: TrackingView; text: string }> {
  const { status, text } = await track(token);
  expect(status, text).toBe(200);
  return { view: JSON.parse(text) as TrackingView, text };
}

function expectOnlyAllowedKeys(view: TrackingView) {
  expect(Object.keys(view).sort()).toEqual(allowedKeys);
}

async function setStatus(cookie: string, taskId: number, statusId: number) {
  const response = await call(workerStatus, {
    method: 'PATCH',
    path: `/api/web/worker/tasks/${taskId}/status`,
    params: { id: taskId },
    json: { statusId },
    cookie,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/**
 * The device's timestamp is a second off so that its order against the task's start (the database's clock) never
 * hangs on both clocks' resolution: ahead for a position taken after the start, behind for one taken before it.
 */
const afterStart = () => new Date(Date.now() + 1000);
const beforeStart = () => new Date(Date.now() - 1000);

async function reportPosition(cookie: string, position: { lat: number; lng: number }, takenAt: Date) {
  const response = await call(postLocation, {
    method: 'POST',
    path: '/api/web/users/me/location',
    json: { ...position, timestamp: takenAt.toISOString() },
    cookie,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Neither the worker's coordinates nor anything else about them is in the answer's text. */
function expectNoWorker(text: string, position: { lat: number; lng: number }) {
  for (const secret of [String(position.lat), String(position.lng), 'Marta', 'Bianchisurname']) expect(text).not.toContain(secret);
}

const workerPosition = { lat: 45.4642, lng: 9.19 };

describe('the public tracking link shows the worker only while their task is in progress', () => {
  it('a pending task three days ahead answers the task location, and no worker position or name', async () => {
    const worker = await signedInWorker();
    const taskId = await taskOf(worker.id, 'Pending boiler service');
    await reportPosition(worker.cookie, workerPosition, new Date());
    const { view, text } = await trackedView(await trackingToken(taskId));
    expect(view).toEqual({
      taskTitle: 'Pending boiler service',
      latLng: taskLocation,
      latLngSource: 'task',
      appointmentDate: expect.any(String),
      durationMins: 60,
      workerFirstName: null,
    });
    expectNoWorker(text, workerPosition);
    expectOnlyAllowedKeys(view);
  });

  it("an in-progress task answers the worker's current position and first name only", async () => {
    const worker = await signedInWorker();
    const taskId = await taskOf(worker.id, 'Started repair', { appointmentDate: new Date() });
    const otherTask = await taskOf(worker.id, 'Secret other job', { locationLatitude: 41.9, locationLongitude: 12.5 });
    const token = await trackingToken(taskId);
    await setStatus(worker.cookie, taskId, TaskStatus.inProgress);
    await reportPosition(worker.cookie, workerPosition, afterStart());
    const { view, text } = await trackedView(token);
    expect(view).toEqual({
      taskTitle: 'Started repair',
      latLng: workerPosition,
      latLngSource: 'worker',
      appointmentDate: expect.any(String),
      durationMins: 60,
      workerFirstName: 'Marta',
    });
    for (const foreign of ['Bianchisurname', 'Secret other job', '41.9', '12.5', `"${otherTask}"`]) {
      expect(text).not.toContain(foreign);
    }
    expectOnlyAllowedKeys(view);
  });

  it('a position sent before the task started is not shown: the task location stands in until a new one comes', async () => {
    const worker = await signedInWorker();
    const taskId = await taskOf(worker.id, 'Started later');
    await reportPosition(worker.cookie, workerPosition, beforeStart());
    await setStatus(worker.cookie, taskId, TaskStatus.inProgress);
    const { view, text } = await trackedView(await trackingToken(taskId));
    expect(view.latLng).toEqual(taskLocation);
    expect(view.latLngSource).toBe('task');
    expect(view.workerFirstName).toBe('Marta');
    for (const secret of [String(workerPosition.lat), String(workerPosition.lng)]) expect(text).not.toContain(secret);
    expectOnlyAllowedKeys(view);
  });

  it('a worker with two tasks in progress is shown on neither link: they may be at the other client', async () => {
    const worker = await signedInWorker();
    const first = await taskOf(worker.id, 'First open job');
    const second = await taskOf(worker.id, 'Second open job', { locationLatitude: 44.49, locationLongitude: 11.34 });
    await setStatus(worker.cookie, first, TaskStatus.inProgress);
    await setStatus(worker.cookie, second, TaskStatus.inProgress);
    await reportPosition(worker.cookie, workerPosition, afterStart());
    for (const [taskId, location] of [
      [first, taskLocation],
      [second, { lat: 44.49, lng: 11.34 }],
    ] as const) {
      const { view, text } = await trackedView(await trackingToken(taskId));
      expect(view.latLng).toEqual(location);
      expect(view.latLngSource).toBe('task');
      for (const secret of [String(workerPosition.lat), String(workerPosition.lng)]) expect(text).not.toContain(secret);
      expectOnlyAllowedKeys(view);
    }
  });

  it('a paused task answers the task location and no worker', async () => {
    const worker = await signedInWorker();
    const taskId = await taskOf(worker.id, 'Paused job');
    await setStatus(worker.cookie, taskId, TaskStatus.inProgress);
    await reportPosition(worker.cookie, workerPosition, afterStart());
    await setStatus(worker.cookie, taskId, TaskStatus.paused);
    const { view, text } = await trackedView(await trackingToken(taskId));
    expect(view).toMatchObject({ latLng: taskLocation, latLngSource: 'task', workerFirstName: null });
    expectNoWorker(text, workerPosition);
    expectOnlyAllowedKeys(view);
  });

  it('a task without coordinates and not in progress answers no marker at all', async () => {
    const worker = await signedInWorker();
    const taskId = await taskOf(worker.id, 'No coordinates', { locationLatitude: null, locationLongitude: null });
    await reportPosition(worker.cookie, workerPosition, new Date());
    const { view, text } = await trackedView(await trackingToken(taskId));
    expect(view).toMatchObject({ latLng: null, latLngSource: null, workerFirstName: null });
    expectNoWorker(text, workerPosition);
    expectOnlyAllowedKeys(view);
  });

  it('a completed or cancelled task answers 404 with the failure text and nothing of the worker or the task', async () => {
    const db = await getDb();
    for (const end of ['completed', 'cancelled'] as const) {
      const worker = await signedInWorker();
      const taskId = await taskOf(worker.id, `Ended ${end}`);
      const token = await trackingToken(taskId);
      await setStatus(worker.cookie, taskId, TaskStatus.inProgress);
      await reportPosition(worker.cookie, workerPosition, afterStart());
      const { view } = await trackedView(token);
      expect([view.latLng, view.workerFirstName]).toEqual([workerPosition, 'Marta']);
      if (end === 'completed') await setStatus(worker.cookie, taskId, TaskStatus.completed);
      else await db.update(tasks).set({ statusId: TaskStatus.cancelled, cancelled: new Date() }).where(eq(tasks.id, taskId));
      const { status, text } = await track(token);
      expect(status, end).toBe(404);
      expect((JSON.parse(text) as { error: { message: string } }).error.message).toBe(publicLinkMessages.trackingFailed);
      expectNoWorker(text, workerPosition);
      for (const secret of [`Ended ${end}`, String(taskLocation.lat), String(taskLocation.lng)]) expect(text).not.toContain(secret);
    }
  });
});
