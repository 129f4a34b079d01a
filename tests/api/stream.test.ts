import { beforeAll, describe, expect, it } from 'vitest';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { getDb } from '@/lib/server/core/db';
import { publishTaskChange } from '@/lib/server/messaging/live/publish';
import { createCompany } from './setup/fixtures';
import { call, signIn } from './setup/http';

interface StreamEvent {
  id: number;
  taskId: number;
  kind: string;
}

/** Reads server-sent events from a live response until `count` task events arrived or the time is up. */
async function readEvents(response: Response, count: number, timeoutMs = 5000): Promise<StreamEvent[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      const id = block.split('\n').find((line) => line.startsWith('id: '));
      if (data && id) {
        const event = JSON.parse(data.slice(6)) as StreamEvent;
        expect(Number(id.slice(4))).toBe(event.id);
        events.push(event);
      }
    }
  }
  await reader.cancel();
  return events;
}

async function publishInOneTransaction(tenantId: number, taskIds: number[]) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const taskId of taskIds) await publishTaskChange(tx, { tenantId, taskId, kind: 'updated', payload: { id: taskId } });
  });
}

let companyA: Awaited<ReturnType<typeof createCompany>>;
let companyB: Awaited<ReturnType<typeof createCompany>>;
let cookieA1: string;
let cookieA2: string;
let cookieB: string;

beforeAll(async () => {
  companyA = await createCompany();
  companyB = await createCompany();
  cookieA1 = await signIn(companyA.owner.username);
  cookieA2 = await signIn(companyA.owner.username);
  cookieB = await signIn(companyB.owner.username);
});

const open = (cookie: string, lastEventId?: number) =>
  call(stream, {
    path: '/api/web/tasks/stream',
    cookie,
    headers: lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) },
  });

describe('GET tasks/stream', () => {
  it('is an event stream that needs a session', async () => {
    expect((await open('')).status).toBe(401);
    const response = await open(cookieA1);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    await response.body?.cancel();
  });

  it('refuses a worker, who reaches only their own tasks', async () => {
    const workerCookie = await signIn(companyA.worker.username);
    expect((await open(workerCookie)).status).toBe(403);
  });

  it('delivers each committed change to two listeners of the tenant, in order, once; another tenant gets none', async () => {
    const first = await open(cookieA1);
    const second = await open(cookieA2);
    const other = await open(cookieB);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const db = await getDb();
    await db
      .transaction(async (tx) => {
        await publishTaskChange(tx, { tenantId: companyA.tenantId, taskId: 99, kind: 'updated', payload: {} });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await publishInOneTransaction(companyA.tenantId, [1, 2]);
    await publishInOneTransaction(companyA.tenantId, [3]);

    const [eventsFirst, eventsSecond, eventsOther] = await Promise.all([
      readEvents(first, 4, 3000),
      readEvents(second, 4, 3000),
      readEvents(other, 1, 1500),
    ]);
    expect(eventsFirst.map((event) => event.taskId)).toEqual([1, 2, 3]);
    expect(eventsSecond.map((event) => event.taskId)).toEqual([1, 2, 3]);
    const ids = eventsFirst.map((event) => event.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(eventsOther).toEqual([]);
  });

  it('never skips a change when overlapping transactions commit in another order than they started', async () => {
    const live = await open(cookieA1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const db = await getDb();
    const writers = [5, 60, 15, 40, 0].map((holdMs, index) =>
      db.transaction(async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, index * 10));
        await publishTaskChange(tx, { tenantId: companyA.tenantId, taskId: 100 + index, kind: 'updated', payload: {} });
        await new Promise((resolve) => setTimeout(resolve, holdMs));
      }),
    );
    await Promise.all(writers);
    const events = await readEvents(live, 5);
    expect(events.map((event) => event.taskId).sort()).toEqual([100, 101, 102, 103, 104]);
    const ids = events.map((event) => event.id);
    expect(ids).toEqual(Array.from({ length: 5 }, (_, i) => ids[0] + i));
  });

  it('sends a heartbeat comment at the configured interval (15 s by default) to keep proxies from closing it', async () => {
    const { env } = await import('@/lib/server/core/env');
    expect(env.heartbeatMs).toBe(15_000);
    process.env.STREAM_HEARTBEAT_MS = '100';
    try {
      const response = await open(cookieA1);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      const deadline = Date.now() + 2000;
      while (!received.includes(': heartbeat') && Date.now() < deadline) {
        const chunk = await reader.read();
        if (chunk.done) break;
        received += decoder.decode(chunk.value, { stream: true });
      }
      await reader.cancel();
      expect(received).toContain(': connected');
      expect(received).toContain(': heartbeat');
    } finally {
      delete process.env.STREAM_HEARTBEAT_MS;
    }
  });

  it('resumes from Last-Event-ID with exactly the changes that were missed', async () => {
    const live = await open(cookieA1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await publishInOneTransaction(companyA.tenantId, [10]);
    const [seen] = await readEvents(live, 1);
    await publishInOneTransaction(companyA.tenantId, [11, 12]);

    const resumed = await open(cookieA1, seen.id);
    const missed = await readEvents(resumed, 3, 2000);
    expect(missed.map((event) => event.taskId)).toEqual([11, 12]);
  });
});
