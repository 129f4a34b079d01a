import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { tenants } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { ok, putApply } from './auto-schedule-fixtures';
import { allFeatures, monday, scheduleCompany, storedTask, taskOf } from './tasks/schedule-fixtures';

/** A stand-in for the routing service on this machine: every request answered by `answer`, and counted. */
async function standIn(answer: (url: URL) => { status: number; body: unknown }) {
  const seen: URL[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    seen.push(url);
    const { status, body } = answer(url);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  process.env.ROUTER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return seen;
}

const servers: Server[] = [];

afterEach(async () => {
  delete process.env.ROUTER_URL;
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Ten minutes between any two different points, as an OSRM table answer for the request's coordinates. */
function tenMinutesEverywhere(url: URL) {
  const coordinates = decodeURIComponent(url.pathname.split('/').pop() ?? '').split(';');
  const table = (value: number) => coordinates.map((_, from) => coordinates.map((__, to) => (from === to ? 0 : value)));
  return { status: 200, body: { code: 'Ok', durations: table(600), distances: table(5000) } };
}

async function companyWithOffice() {
  const c = await scheduleCompany(allFeatures);
  const db = await getDb();
  const officeLocation = { address: 'Piazza del Duomo, Milano', latitude: 45.4641, longitude: 9.1919 };
  await db.update(tenants).set({ settings: { officeLocation } }).where(eq(tenants.id, c.tenantId));
  return c;
}

describe('PUT tasks/auto-schedule: travel times', () => {
  it("plans on the router's table when ROUTER_URL is set: office, task and back are its ten minutes each way", async () => {
    const seen = await standIn(tenMinutesEverywhere);
    const c = await companyWithOffice();
    const id = await taskOf(c, { locationLatitude: 45.47, locationLongitude: 9.2 });
    const result = ok(await putApply(c.cookie, monday));
    expect(result).toMatchObject({ placedCount: 1, travelSource: 'router', routerFailed: false });
    expect(result.workers).toEqual([expect.objectContaining({ tasksPlaced: 1, travelMinutes: 20 })]);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0].pathname).toMatch(/^\/table\/v1\/driving\//);
    // The worker leaves the office at 08:00 and arrives ten minutes later.
    const start = (await storedTask(id)).appointmentDate as Date;
    expect(start.toISOString()).toBe('2030-01-07T07:10:00.000Z');
  });

  it('falls back to straight lines when the router fails, and says so', async () => {
    const seen = await standIn(() => ({ status: 500, body: { code: 'Error', message: 'down for maintenance' } }));
    const c = await companyWithOffice();
    const id = await taskOf(c, { locationLatitude: 45.47, locationLongitude: 9.2 });
    const result = ok(await putApply(c.cookie, monday));
    expect(result).toMatchObject({ placedCount: 1, travelSource: 'haversine', routerFailed: true });
    expect(seen.length).toBeGreaterThan(0);
    expect((await storedTask(id)).assigneeId).not.toBeNull();
    // About 1.1 km from the office at 40 km/h: two minutes, rounded up, each way.
    expect(result.workers[0].travelMinutes).toBeGreaterThanOrEqual(2);
    expect(result.workers[0].travelMinutes).toBeLessThanOrEqual(4);
  });

  it('uses straight lines without asking anyone when ROUTER_URL is unset', async () => {
    const c = await companyWithOffice();
    await taskOf(c, { locationLatitude: 45.47, locationLongitude: 9.2 });
    const result = ok(await putApply(c.cookie, monday));
    expect(result).toMatchObject({ placedCount: 1, travelSource: 'haversine', routerFailed: false });
  });
});
