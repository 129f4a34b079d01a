import { setTimeout as wait } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as postRecurring } from '@/app/api/web/tasks/recurring/route';
import { POST as createTask } from '@/app/api/web/tasks/route';
import { PUT as updateTask } from '@/app/api/web/tasks/[id]/route';
import type { RecurrenceResult } from '@/lib/contract/recurrence';
import { addDays } from '@/lib/contract/zoned-time';
import { getDb, queryRows, type DbOrTx } from '@/lib/server/core/db';
import { lockReferenceCounter } from '@/lib/server/tasks/reference-counter';
import { allocateReferenceNumber } from '@/lib/server/tasks/write';
import { callJson, seedTask, taskCompany, type TaskCompany, type TaskView } from './helpers';
import { nextReferenceNumber } from './import-helpers';
import { recurringCandidate, today } from './recurrence-helpers';

/**
 * Issue 18 (load): a creation holds the tenant's reference counter until it commits, and every task write locks the
 * tenants row to publish its live change. The counter has its own row, so other writes do not queue behind an open
 * creation, CSV import batch or recurrence — while creations still queue behind each other for their numbers.
 */

/** How long the first transaction stays open at most; each check below answers well within it. */
const holdMs = 5_000;
/** An update that waits for the held lock misses this; one that does not wait makes it easily. */
const promptMs = 2_000;

let a: TaskCompany;

beforeAll(async () => {
  a = await taskCompany();
});

type Outcome<T> = { done: true; value: T } | { done: false };

/** The promise's value if it settles within `ms`, else { done: false }; the promise itself keeps running. */
async function within<T>(promise: Promise<T>, ms: number): Promise<Outcome<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome<T>>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms);
  });
  try {
    return await Promise.race([promise.then((value): Outcome<T> => ({ done: true, value })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens a transaction that runs `step` and then stays open until released (or `holdMs` passed): `taken` settles
 * with the step's answer and the open transaction, `committed` once it ended.
 */
function openTransaction<T>(step: (tx: DbOrTx) => Promise<T>) {
  let release = () => {};
  let taken!: (value: { value: T; tx: DbOrTx }) => void;
  const takenPromise = new Promise<{ value: T; tx: DbOrTx }>((resolve) => {
    taken = resolve;
  });
  const committed = getDb().then((db) =>
    db.transaction(async (tx) => {
      taken({ value: await step(tx), tx });
      await within(new Promise<void>((resolve) => (release = resolve)), holdMs);
    }),
  );
  return { taken: takenPromise, committed, release: () => release() };
}

const put = (id: number, json: unknown) => callJson<TaskView>(updateTask, { method: 'PUT', params: { id }, json, cookie: a.cookie });

/** POST tasks reads a multipart form: the task as JSON, no files. */
function taskForm(): FormData {
  const data = new FormData();
  data.set('task', JSON.stringify({ title: 'Queued', typeId: a.types.survey }));
  return data;
}

describe.runIf(process.env.DATABASE_URL)('the task reference counter does not hold up other task writes', () => {
  const holders: Array<[string, (tx: DbOrTx) => Promise<unknown>]> = [
    ['a creation that took its reference number', (tx) => allocateReferenceNumber(tx, a.tenantId)],
    ['an import batch that locked the counter', (tx) => lockReferenceCounter(tx, a.tenantId)],
  ];
  it.each(holders)('updates another task of the tenant at once while %s is still open', async (_holder, step) => {
    const other = await seedTask(a.tenantId, { typeId: a.types.survey });
    const holder = openTransaction(step);
    await holder.taken;

    const update = await within(put(other, { description: 'while a creation is open' }), promptMs);
    holder.release();
    await holder.committed;

    expect(update.done, 'the update finished while the other transaction held the counter').toBe(true);
    if (update.done) expect(update.value.status, JSON.stringify(update.value.body)).toBe(200);
  });

  it('still makes a second creation wait for the open one, then gives it the next number', async () => {
    const holder = openTransaction((tx) => allocateReferenceNumber(tx, a.tenantId));
    const { value: first } = await holder.taken;

    const creation = callJson<TaskView>(createTask, { method: 'POST', path: '/api/web/tasks', body: taskForm(), cookie: a.cookie });
    const early = await within(creation, promptMs);
    holder.release();
    await holder.committed;

    expect(early.done, 'the second creation waited for the first one to commit').toBe(false);
    const created = await creation;
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.referenceNumber).toBe(first + 1);
    expect(await nextReferenceNumber(a.tenantId)).toBe(first + 2);
  });

  it('lets a recurrence and a creation running side by side both finish, without a deadlock', async () => {
    const db = await getDb();
    const parent = await recurringCandidate(a);
    const holder = openTransaction((tx) => allocateReferenceNumber(tx, a.tenantId));
    const { tx } = await holder.taken;

    const recurrence = callJson<RecurrenceResult>(postRecurring, {
      method: 'POST',
      path: '/api/web/tasks/recurring',
      json: { parentTaskId: parent, recurringRule: 'daily', endRecurrence: addDays(today(), 3) },
      cookie: a.cookie,
    });
    // The recurrence queues for the counter; publishing must not have locked the tenants row before that.
    const lockWaits = () =>
      queryRows<{ waiting: number }>(
        db,
        sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
    for (let tries = 0; tries < 100 && (await lockWaits())[0].waiting === 0; tries++) await wait(20);
    // The creation's last step, as publishTaskChanges takes it: the tenants row.
    const publish = await within(
      tx.execute(sql`update tenants set last_change_seq = last_change_seq where id = ${a.tenantId}`).then(
        () => 'published',
        (error: unknown) => String(error),
      ),
      promptMs,
    );
    holder.release();
    await holder.committed.catch(() => undefined);
    const recurred = await recurrence;

    expect(publish).toEqual({ done: true, value: 'published' });
    expect(recurred.status, JSON.stringify(recurred.body)).toBe(200);
    expect(recurred.body.createdTaskIds.length).toBeGreaterThan(0);
  });
});
