import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import { getDb } from '@/lib/server/core/db';
import { loadCtx } from '@/lib/server/core/ctx';
import { taskChangeSet } from '@/lib/server/tasks/change-set';
import { lockTask } from '@/lib/server/tasks/rules';
import { applyTaskChanges } from '@/lib/server/tasks/write';
import { addRule, clientEmail, inDays, outboxOf, scheduledTask, setStatus, tokensOf, triggerCompany } from './notification-triggers-fixtures';

type Company = Awaited<ReturnType<typeof triggerCompany>>;
let a: Company;

beforeAll(async () => {
  a = await triggerCompany([Feature.printoutAfterCompletion]);
});

describe('notification triggers and the task change transaction', () => {
  it('writes no message and no link when the task change rolls back', async () => {
    const rule = await addRule(a.tenantId, { type: 'ON_TASK_STATUS_CHANGE', statusId: 2, recipient: 'CLIENT', messageType: 'EMAIL', subject: 's', message: '{feedback_url}' });
    const id = await scheduledTask(a, inDays(2));
    const db = await getDb();
    const ctx = await loadCtx(db, a.owner.id, 'rollback-test', 'session');
    if (!ctx) throw new Error('the owner has no ctx');
    const failure = new Error('the rest of the change failed');
    await expect(
      db.transaction(async (tx) => {
        const task = await lockTask(tx, ctx, id);
        const changes = taskChangeSet(tx, ctx);
        await applyTaskChanges(tx, ctx, changes, task, { statusId: 2 });
        await changes.flush();
        // Inside the transaction the message is there, waiting to commit with the change.
        expect(await tx.$count(outbox, eq(outbox.notificationId, rule))).toBe(1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await outboxOf(id, rule)).toEqual([]);
    expect(await tokensOf(id)).toEqual([]);
  });
});

describe('feature 6', () => {
  it('e-mails the client once when the task is completed, with a feedback link and a note about the report', async () => {
    const id = await scheduledTask(a, inDays(1), { statusId: 2 });
    expect((await setStatus(a, [id], 4)).body.updated).toEqual([id]);
    const rows = (await outboxOf(id)).filter((row) => row.notificationId === null);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'EMAIL', recipient: clientEmail, subject: expect.stringMatching(/^Task \d+ completed$/) });
    expect(rows[0].body).toContain('PDF report');
    expect(rows[0].body).toMatch(/\/app\/f\/[A-Za-z0-9_-]+$/);
  });

  it('sends no report mail without the feature', async () => {
    const b = await triggerCompany();
    const id = await scheduledTask(b, inDays(1), { statusId: 2 });
    await setStatus(b, [id], 4);
    expect(await outboxOf(id)).toEqual([]);
  });
});
