import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as list } from '@/app/api/web/outbox/route';
import type { OutboxPage } from '@/lib/contract/outbox';
import { getDb } from '@/lib/server/core/db';
import { queueMessages } from '@/lib/server/messaging/outbox/enqueue';
import { companyWithSessions, expectError, expectOk, forbiddenMessage } from '../reference/helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

beforeAll(async () => {
  [a, b] = await Promise.all([companyWithSessions(), companyWithSessions()]);
  const db = await getDb();
  for (const n of [1, 2, 3]) {
    await queueMessages(db, [{ tenantId: a.tenantId, channel: 'EMAIL', recipient: `a${n}@example.test`, subject: `A ${n}`, body: `Body ${n}` }]);
  }
  await queueMessages(db, [{ tenantId: b.tenantId, channel: 'SMS', recipient: '+15550009999', body: 'B only' }]);
});

afterEach(() => {
  delete process.env.SMTP_URL;
});

describe('GET outbox', () => {
  it("lists the tenant's messages newest first, a page at a time, with their delivery state", async () => {
    const first = await expectOk<OutboxPage>(list, { cookie: a.cookies.owner, query: { page: '1', size: '2' } });
    expect(first.total).toBe(3);
    expect(first.rows.map((row) => row.recipient)).toEqual(['a3@example.test', 'a2@example.test']);
    expect(first.rows[0]).toMatchObject({ channel: 'EMAIL', subject: 'A 3', body: 'Body 3', status: 'PENDING', attempts: 0, lastError: null, sentAt: null });
    expect(Date.parse(first.rows[0]?.created ?? '')).not.toBeNaN();
    const second = await expectOk<OutboxPage>(list, { cookie: a.cookies.owner, query: { page: '2', size: '2' } });
    expect(second.rows.map((row) => row.recipient)).toEqual(['a1@example.test']);
  });

  it("never lists another tenant's messages", async () => {
    const mine = await expectOk<OutboxPage>(list, { cookie: a.cookies.owner, query: { size: '500' } });
    expect(mine.rows.some((row) => row.recipient === '+15550009999')).toBe(false);
    const theirs = await expectOk<OutboxPage>(list, { cookie: b.cookies.owner });
    expect(theirs.total).toBe(1);
    expect(theirs.rows.map((row) => row.body)).toEqual(['B only']);
  });

  it('says which channels are configured', async () => {
    expect((await expectOk<OutboxPage>(list, { cookie: a.cookies.owner })).configured).toEqual({ email: false, sms: false });
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';
    expect((await expectOk<OutboxPage>(list, { cookie: a.cookies.owner })).configured).toEqual({ email: true, sms: false });
  });

  it('answers 403 to every role but the owner', async () => {
    for (const role of ['tasksManager', 'usersManager', 'billingManager', 'worker'] as const) {
      const error = await expectError(list, { cookie: a.cookies[role] }, 403, 'auth.forbidden');
      expect(error.message).toBe(forbiddenMessage);
    }
  });

  it('rejects a page size over the limit', async () => {
    await expectError(list, { cookie: a.cookies.owner, query: { size: '501' } }, 400, 'request.invalid');
  });
});
