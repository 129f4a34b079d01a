import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as direction } from '@/app/api/web/task/direction/route';
import type { DirectionAnswer } from '@/lib/contract/task-direction';
import { callJson } from '../tasks/helpers';
import { places, routeCompany, routeTask, type RouteCompany } from './fixtures';
import { bend, snapped, startRouterStandIn } from './router-stand-in';

const from = '2030-05-06T00:00:00+02:00';
const to = '2030-05-07T00:00:00+02:00';

let company: RouteCompany;
let router: Awaited<ReturnType<typeof startRouterStandIn>>;
const stops = [places.depot, places.north, places.east, places.south];

const ask = () =>
  callJson<DirectionAnswer>(direction, {
    path: '/api/web/task/direction',
    query: { appointmentFrom: from, appointmentTo: to, assigneeId: String(company.worker.id) },
    cookie: company.dispatcherCookie,
  });

const straight = stops.slice(1).map((stop, index) => [stops[index], stop]);

beforeAll(async () => {
  router = await startRouterStandIn();
  company = await routeCompany();
  await routeTask(company, '2030-05-06T08:00:00+02:00', places.depot);
  await routeTask(company, '2030-05-06T09:00:00+02:00', places.north);
  await routeTask(company, '2030-05-06T09:30:00+02:00', null, { title: 'No address yet' });
  await routeTask(company, '2030-05-06T11:00:00+02:00', places.east);
  await routeTask(company, '2030-05-06T15:00:00+02:00', places.south);
});

afterAll(async () => {
  await router.close();
});

beforeEach(() => {
  process.env.ROUTER_URL = router.url;
  router.state.mode = 'ok';
  router.requests.length = 0;
});

afterEach(() => {
  delete process.env.ROUTER_URL;
  delete process.env.ROUTER_TIMEOUT_MS;
});

describe('GET task/direction with an OSRM-compatible router', () => {
  it('asks the route service once with every stop and answers each leg on the roads, from stop to stop', async () => {
    const { status, body } = await ask();
    expect(status).toBe(200);
    expect(router.requests).toHaveLength(1);
    const [request] = router.requests;
    expect(decodeURIComponent(request.pathname)).toBe(`/route/v1/driving/${stops.map((stop) => stop.join(',')).join(';')}`);
    expect(request.searchParams.get('overview')).toBe('full');
    expect(request.searchParams.get('geometries')).toBe('geojson');
    expect(body.map((leg) => leg.geometry.coordinates)).toEqual(
      stops.slice(1).map((stop, index) => [stops[index], snapped(stops[index]), bend(snapped(stops[index]), snapped(stop)), snapped(stop), stop]),
    );
  });

  it('draws straight lines when the router refuses the query or is down', async () => {
    router.state.mode = 'refused';
    expect((await ask()).body.map((leg) => leg.geometry.coordinates)).toEqual(straight);
    router.state.mode = 'down';
    expect((await ask()).body.map((leg) => leg.geometry.coordinates)).toEqual(straight);
    router.state.mode = 'garbled';
    const { status, body } = await ask();
    expect(status).toBe(200);
    expect(body.map((leg) => leg.geometry.coordinates)).toEqual(straight);
    expect(router.requests).toHaveLength(3);
  });

  it('draws straight lines when the router does not answer in time', async () => {
    process.env.ROUTER_TIMEOUT_MS = '300';
    router.state.mode = 'slow';
    const started = Date.now();
    const { status, body } = await ask();
    expect(status).toBe(200);
    // Well before the stand-in's late answer at 5 s: the lookup was abandoned at its limit.
    expect(Date.now() - started).toBeLessThan(4000);
    expect(body.map((leg) => leg.geometry.coordinates)).toEqual(straight);
  });

  it('draws straight lines when nothing answers at the address, and never calls plain http off this machine', async () => {
    process.env.ROUTER_URL = 'http://127.0.0.1:9';
    expect((await ask()).body.map((leg) => leg.geometry.coordinates)).toEqual(straight);
    process.env.ROUTER_URL = 'http://router.example.test';
    expect((await ask()).body.map((leg) => leg.geometry.coordinates)).toEqual(straight);
    expect(router.requests).toHaveLength(0);
  });

  it('does not ask the router for a single stop', async () => {
    const { body } = await callJson<DirectionAnswer>(direction, {
      path: '/api/web/task/direction',
      query: { appointmentFrom: from, appointmentTo: '2030-05-06T08:30:00+02:00', assigneeId: String(company.worker.id) },
      cookie: company.dispatcherCookie,
    });
    expect(body).toEqual([]);
    expect(router.requests).toHaveLength(0);
  });
});
