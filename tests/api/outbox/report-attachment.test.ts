import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outbox, tasks, users } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import { getDb } from '@/lib/server/core/db';
import { registerJobHandlers } from '@/lib/server/jobs';
import { queueMessages } from '@/lib/server/messaging/outbox/enqueue';
import { deliverDueMessages } from '@/lib/server/messaging/outbox/send';
import { clientEmail, inDays, outboxOf, scheduledTask, setStatus, triggerCompany } from '../notification-triggers-fixtures';
import { LocalSmtp, startSmsStandIn } from './stand-ins';

type Company = Awaited<ReturnType<typeof triggerCompany>>;
let company: Company;
const smtp = new LocalSmtp();

beforeAll(async () => {
  registerJobHandlers();
  company = await triggerCompany([Feature.printoutAfterCompletion]);
  await smtp.start();
});

afterEach(() => {
  for (const name of ['SMTP_URL', 'MAIL_FROM', 'SMS_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM']) delete process.env[name];
});

afterAll(async () => {
  await smtp.stop();
});

async function referenceOf(taskId: number): Promise<number> {
  const [row] = await (await getDb()).select({ referenceNumber: tasks.referenceNumber }).from(tasks).where(eq(tasks.id, taskId));
  if (!row) throw new Error(`task ${taskId} is gone`);
  return row.referenceNumber;
}

/** Completes a new task of the company, then sends what is due for the client over the local SMTP server. */
async function completeAndDeliver(beforeSending?: (taskId: number) => Promise<void>): Promise<{ taskId: number; mail: ParsedMail }> {
  const taskId = await scheduledTask(company, inDays(1), { statusId: 2 });
  expect((await setStatus(company, [taskId], 4)).body.updated).toEqual([taskId]);
  await beforeSending?.(taskId);
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'FieldOps <office@fieldops.test>';
  const before = smtp.received.length;
  expect(await deliverDueMessages(await getDb(), { recipient: clientEmail })).toEqual({ sent: 1, failed: 0 });
  const raw = smtp.received.slice(before);
  expect(raw).toHaveLength(1);
  return { taskId, mail: await simpleParser(raw[0]?.raw ?? '') };
}

describe('feature 6: the completion mail carries the PDF report', () => {
  it('queues the report by reference and attaches it as a PDF, rendered when the mail is sent', async () => {
    const { taskId, mail } = await completeAndDeliver();
    const [row] = (await outboxOf(taskId)).filter((message) => message.notificationId === null);
    expect(row?.attachment).toEqual({ kind: 'task-report', taskId, language: 'en' });
    expect(row?.status).toBe('SENT');

    expect(mail.text).toContain('Its PDF report is attached to this e-mail.');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf?.filename).toBe(`report-${await referenceOf(taskId)}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('sends the mail without the report when the task was deleted before it went out', async () => {
    const { taskId, mail } = await completeAndDeliver(async (id) => {
      await (await getDb()).update(tasks).set({ deleted: new Date() }).where(eq(tasks.id, id));
    });
    expect(mail.attachments).toEqual([]);
    expect(mail.subject).toBe(`Task ${await referenceOf(taskId)} completed`);
  });

  it('renders the report as the tenant itself, with no active owner to pose as', async () => {
    const db = await getDb();
    const people = await db.select({ id: users.id, active: users.active }).from(users).where(eq(users.tenantId, company.tenantId));
    try {
      const { mail } = await completeAndDeliver(async () => {
        await db.update(users).set({ active: false }).where(eq(users.tenantId, company.tenantId));
      });
      expect(mail.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
    } finally {
      for (const person of people) await db.update(users).set({ active: person.active }).where(eq(users.id, person.id));
    }
  });

  it('leaves the attachment out of a text message', async () => {
    const sms = await startSmsStandIn('AC-report', 'report-token');
    try {
      process.env.SMS_URL = sms.url;
      process.env.SMS_ACCOUNT_SID = 'AC-report';
      process.env.SMS_AUTH_TOKEN = 'report-token';
      process.env.SMS_FROM = '+15550001111';
      const recipient = '+393330000999';
      const db = await getDb();
      const taskId = await scheduledTask(company, inDays(1));
      await queueMessages(db, [
        { tenantId: company.tenantId, channel: 'SMS', recipient, body: 'Done', taskId, attachment: { kind: 'task-report', taskId, language: 'en' } },
      ]);
      expect(await deliverDueMessages(db, { recipient })).toEqual({ sent: 1, failed: 0 });
      expect(sms.received.map((message) => message.form)).toEqual([{ From: '+15550001111', To: recipient, Body: 'Done' }]);
      const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.recipient, recipient));
      expect(row?.status).toBe('SENT');
    } finally {
      await sms.close();
    }
  });
});
