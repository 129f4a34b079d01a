import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as forgotGet, POST as forgotPost } from '@/app/api/web/forgot-password/route';
import { outbox } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { deliverDueMessages } from '@/lib/server/messaging/outbox/send';
import { addRule, clientEmail, inDays, put, scheduledTask, setStatus, triggerCompany, workerPhone } from '../notification-triggers-fixtures';
import { createUser } from '../setup/fixtures';
import { call, freshIp } from '../setup/http';
import { LocalSmtp, startSmsStandIn, type ReceivedMail } from './stand-ins';

const deliveryEnv = ['SMTP_URL', 'MAIL_FROM', 'SMS_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;
const smtp = new LocalSmtp();
let company: Awaited<ReturnType<typeof triggerCompany>>;

beforeAll(async () => {
  company = await triggerCompany();
  await smtp.start();
});

afterEach(() => {
  for (const name of deliveryEnv) delete process.env[name];
});

afterAll(async () => {
  await smtp.stop();
});

/** The text of a received mail as a reader sees it: quoted-printable soft breaks joined, escapes decoded. */
function readable(mail: ReceivedMail): string {
  return mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** Time passing: every waiting message falls due now. */
const makeAllDue = async () => (await getDb()).update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.status, 'PENDING'));

describe('messages that reach a real SMTP server', () => {
  it('delivers the password reset e-mail, and its link opens the reset', async () => {
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = 'office@example.test';
    const user = await createUser(company.tenantId, { assignee: true });
    const asked = await call(forgotPost, { method: 'POST', path: '/api/web/forgot-password', json: { username: user.username }, ip: freshIp() });
    expect(asked.status).toBe(200);

    expect((await deliverDueMessages(await getDb())).sent).toBeGreaterThanOrEqual(1);
    const received = mailsTo(user.username);
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('office@example.test');
    const token = /\/app\/change-password\?token=([A-Za-z0-9_-]+)/.exec(readable(received[0]))?.[1];
    expect(token).toBeDefined();
    const opened = await call(forgotGet, { path: '/api/web/forgot-password', query: { token: token ?? '' }, ip: freshIp() });
    expect(opened.status).toBe(200);
  });

  it('keeps the completion notice through an SMTP outage and delivers it exactly once when SMTP is back', async () => {
    process.env.SMTP_URL = smtp.url;
    await addRule(company.tenantId, {
      type: 'ON_TASK_STATUS_CHANGE',
      statusId: 4,
      recipient: 'CLIENT',
      messageType: 'EMAIL',
      subject: 'Task {task_id} completed',
      message: 'Hello {client_name}, task {task_id} is completed.',
    });
    const id = await scheduledTask(company, inDays(1), { statusId: 2 });
    const before = mailsTo(clientEmail).length;

    await smtp.stop();
    try {
      expect((await setStatus(company, [id], 4)).body.updated).toEqual([id]);
      expect(await deliverDueMessages(await getDb())).toEqual({ sent: 0, failed: 1 });
      await smtp.start();
      await makeAllDue();
      expect(await deliverDueMessages(await getDb())).toEqual({ sent: 1, failed: 0 });
      await makeAllDue();
      expect(await deliverDueMessages(await getDb())).toEqual({ sent: 0, failed: 0 });
    } finally {
      await smtp.start().catch(() => undefined);
    }
    const delivered = mailsTo(clientEmail).slice(before);
    expect(delivered).toHaveLength(1);
    expect(readable(delivered[0])).toMatch(/task \d+ is completed/);
    const [row] = await (await getDb()).select().from(outbox).where(eq(outbox.taskId, id));
    expect(row.status).toBe('SENT');
  });

  it("texts the worker through the SMS provider when their task's appointment moves", async () => {
    const sms = await startSmsStandIn('AC-test', 'secret-token');
    try {
      Object.assign(process.env, { SMS_URL: sms.url, SMS_ACCOUNT_SID: 'AC-test', SMS_AUTH_TOKEN: 'secret-token', SMS_FROM: '+15550001111' });
      await addRule(company.tenantId, { type: 'ON_TASK_UPDATE', recipient: 'WORKER', messageType: 'SMS', message: 'Task {task_id} moved' });
      const id = await scheduledTask(company, inDays(2));
      await (await getDb()).delete(outbox).where(eq(outbox.taskId, id));
      const moved = await put(company, id, { appointment: { date: inDays(3).toISOString(), durationMins: 60 } });
      expect(moved.status).toBe(200);
      await deliverDueMessages(await getDb());
      const texts = sms.received.filter((text) => text.form.To === workerPhone);
      expect(texts).toHaveLength(1);
      expect(texts[0].form).toMatchObject({ From: '+15550001111', Body: expect.stringMatching(/^Task \d+ moved$/) });
    } finally {
      await sms.close();
    }
  });
});

