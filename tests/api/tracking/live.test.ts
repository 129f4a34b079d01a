import { beforeAll, describe, expect, it } from 'vitest';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { POST as postLocation } from '@/app/api/web/users/me/location/route';
import { createCompany } from '../setup/fixtures';
import { call, signIn } from '../setup/http';

/** Reads the stream's `position` events until `count` arrived or the time is up; they carry no id line. */
async function readPositions(response: Response, count: number, timeoutMs = 3000): Promise<{ userId: number; id: boolean }[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: { userId: number; id: boolean }[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const lines = buffer.slice(0, boundary).split('\n');
      buffer = buffer.slice(boundary + 2);
      if (!lines.includes('event: position')) continue;
      const data = lines.find((line) => line.startsWith('data: ')) ?? 'data: {}';
      events.push({ ...(JSON.parse(data.slice(6)) as { userId: number }), id: lines.some((line) => line.startsWith('id: ')) });
    }
  }
  await reader.cancel();
  return events;
}

let companyA: Awaited<ReturnType<typeof createCompany>>;
let companyB: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  companyA = await createCompany();
  companyB = await createCompany();
});

describe('live position events', () => {
  it('tell the tenant\'s open streams that a worker moved, without an event id; another tenant hears nothing', async () => {
    const own = await call(stream, { path: '/api/web/tasks/stream', cookie: await signIn(companyA.owner.username) });
    const other = await call(stream, { path: '/api/web/tasks/stream', cookie: await signIn(companyB.owner.username) });
    const workerCookie = await signIn(companyA.worker.username);
    const posted = await call(postLocation, {
      method: 'POST',
      path: '/api/web/users/me/location',
      json: { lat: 45, lng: 9, timestamp: new Date().toISOString() },
      cookie: workerCookie,
    });
    expect(posted.status).toBe(200);
    expect(await readPositions(own, 1)).toEqual([{ userId: companyA.worker.id, id: false }]);
    expect(await readPositions(other, 1, 500)).toEqual([]);
  });
});
