import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as direction } from '@/app/api/web/task/direction/route';
import type { DirectionAnswer } from '@/lib/contract/task-direction';
import { createCompany, createUser } from '../setup/fixtures';
import { signIn } from '../setup/http';
import { callJson, expectError } from '../tasks/helpers';
import { places, routeCompany, routeTask, type RouteCompany } from './fixtures';

const from = '2030-03-04T00:00:00+01:00';
const to = '2030-03-11T00:00:00+01:00';

let company: RouteCompany;
const ids: Record<string, number> = {};

const ask = (query: Partial<Record<'appointmentFrom' | 'appointmentTo' | 'assigneeId', string>>, cookie = company.dispatcherCookie) =>
  callJson<DirectionAnswer>(direction, {
    path: '/api/web/task/direction',
    query: { appointmentFrom: from, appointmentTo: to, assigneeId: String(company.worker.id), ...query },
    cookie,
  });

beforeAll(async () => {
  delete process.env.ROUTER_URL;
  company = await routeCompany();
  // Written out of appointment order: the answer must sort them.
  ids.third = await routeTask(company, '2030-03-05T14:00:00+01:00', places.east, { title: 'Third', address: 'Via Est 3' });
  ids.first = await routeTask(company, from, places.depot, { title: 'First', address: 'Via Deposito 1' });
  ids.second = await routeTask(company, '2030-03-04T10:00:00+01:00', places.north, { title: 'Second' });
  ids.fourth = await routeTask(company, '2030-03-10T23:59:00+01:00', places.south, { title: 'Fourth' });
  // None of these is a stop.
  ids.noLocation = await routeTask(company, '2030-03-04T12:00:00+01:00', null);
  ids.cancelled = await routeTask(company, '2030-03-04T13:00:00+01:00', places.south, { cancelled: new Date(), statusId: 5 });
  ids.deleted = await routeTask(company, '2030-03-04T13:30:00+01:00', places.south, { deleted: new Date() });
  ids.otherWorker = await routeTask(company, '2030-03-04T11:00:00+01:00', places.south, { assigneeId: company.otherWorker.id });
  ids.unassigned = await routeTask(company, '2030-03-04T11:30:00+01:00', places.south, { assigneeId: null });
  ids.unscheduled = await routeTask(company, null, places.south);
  ids.atEnd = await routeTask(company, to, places.south, { title: 'Next week' });
  ids.before = await routeTask(company, '2030-03-03T23:59:00+01:00', places.south, { title: 'Last week' });
});

afterEach(() => {
  delete process.env.ROUTER_URL;
});

describe('GET task/direction without a router', () => {
  it('answers straight legs between the worker\'s consecutive located tasks in appointment order', async () => {
    const { status, body } = await ask({});
    expect(status).toBe(200);
    expect(body.map((leg) => [leg.taskFrom.id, leg.taskTo.id])).toEqual([
      [ids.first, ids.second],
      [ids.second, ids.third],
      [ids.third, ids.fourth],
    ]);
    expect(body.map((leg) => leg.geometry.coordinates)).toEqual([
      [places.depot, places.north],
      [places.north, places.east],
      [places.east, places.south],
    ]);
  });

  it('gives each task its reference, title, location and appointment', async () => {
    const { body } = await ask({});
    const [first, second] = body;
    expect(first.taskFrom).toEqual({
      id: ids.first,
      referenceNumber: expect.any(Number),
      title: 'First',
      location: { latitude: places.depot[1], longitude: places.depot[0], address: 'Via Deposito 1' },
      appointment: { date: '2030-03-03T23:00:00.000Z' },
    });
    expect(second.taskTo.title).toBe('Third');
    expect(second.taskTo.location.address).toBe('Via Est 3');
    expect(first.taskTo).toEqual(second.taskFrom);
  });

  it('takes a start equal to appointmentFrom and leaves out one equal to appointmentTo', async () => {
    const { body } = await ask({ appointmentFrom: '2030-03-03T23:59:00+01:00', appointmentTo: '2030-03-04T10:00:00+01:00' });
    expect(body.map((leg) => [leg.taskFrom.title, leg.taskTo.title])).toEqual([['Last week', 'First']]);
    const later = await ask({ appointmentFrom: '2030-03-10T23:59:00+01:00', appointmentTo: '2030-03-11T00:00:01+01:00' });
    expect(later.body.map((leg) => [leg.taskFrom.title, leg.taskTo.title])).toEqual([['Fourth', 'Next week']]);
  });

  it('reads instants in any offset', async () => {
    const { body } = await ask({ appointmentFrom: '2030-03-03T23:00:00Z', appointmentTo: '2030-03-04T14:30:00+05:00' });
    expect(body.map((leg) => [leg.taskFrom.id, leg.taskTo.id])).toEqual([[ids.first, ids.second]]);
  });

  it('answers an empty list with fewer than two located tasks', async () => {
    expect((await ask({ appointmentTo: '2030-03-04T09:00:00+01:00' })).body).toEqual([]);
    expect((await ask({ assigneeId: String(company.otherWorker.id) })).body).toEqual([]);
  });

  it('answers 404 for a worker of another tenant, an unknown id or a user who is no worker', async () => {
    const other = await createCompany();
    expectError(await ask({ assigneeId: String(other.worker.id) }), 404, 'workers.notFound');
    expectError(await ask({ assigneeId: '2147483000' }), 404, 'workers.notFound');
    expectError(await ask({ assigneeId: String(company.dispatcher.id) }), 404, 'workers.notFound');
    const gone = await createUser(company.tenantId, { assignee: true, deleted: new Date() });
    expectError(await ask({ assigneeId: String(gone.id) }), 404, 'workers.notFound');
    // The other tenant's own dispatcher reaches that worker.
    const otherDispatcher = await createUser(other.tenantId, { tasksManager: true });
    const asOwner = await ask({ assigneeId: String(other.worker.id) }, await signIn(otherDispatcher.username));
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toEqual([]);
  });

  it('is for task managers only', async () => {
    expectError(await ask({}, await signIn(company.worker.username)), 403, 'auth.forbidden');
    const people = await createUser(company.tenantId, { usersManager: true });
    expectError(await ask({}, await signIn(people.username)), 403, 'auth.forbidden');
    expect((await ask({}, '')).status).toBe(401);
  });

  it('asks for instants with an offset, a range that moves forward and at most 42 days', async () => {
    expectError(await ask({ appointmentFrom: '2030-03-04' }), 400, 'request.invalid');
    expectError(await ask({ appointmentFrom: '2030-03-04T00:00:00' }), 400, 'request.invalid');
    expectError(await ask({ appointmentFrom: to, appointmentTo: from }), 400, 'request.invalid');
    expectError(await ask({ appointmentTo: '2030-04-16T00:00:00+01:00' }), 400, 'request.invalid');
    expectError(await ask({ assigneeId: 'abc' }), 400, 'request.invalid');
  });
});
