import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { queueMessages } from '@/lib/server/messaging/outbox/enqueue';
import { deliverDueMessages, maxAttempts } from '@/lib/server/messaging/outbox/send';
import { createTenant } from '../setup/fixtures';
import { LocalSmtp, startSmsStandIn } from './stand-ins';

const deliveryEnv = ['SMTP_URL', 'MAIL_FROM', 'SMS_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;
let tenantId: number;
const smtp = new LocalSmtp();

beforeAll(async () => {
  tenantId = await createTenant();
  await smtp.start();
});

afterEach(async () => {
  for (const name of deliveryEnv) delete process.env[name];
  // Each test starts from an outbox of its own.
  await (await getDb()).delete(outbox);
});

afterAll(async () => {
  await smtp.stop();
});

async function row(id: number) {
  const [found] = await (await getDb()).select().from(outbox).where(eq(outbox.id, id));
  if (!found) throw new Error(`outbox row ${id} is gone`);
  return found;
}

async function queueOne(channel: 'EMAIL' | 'SMS', recipient: string, body: string, subject?: string): Promise<number> {
  const db = await getDb();
  await queueMessages(db, [{ tenantId, channel, recipient, body, subject }]);
  const [latest] = await db.select({ id: outbox.id }).from(outbox).orderBy(sql`${outbox.id} desc`).limit(1);
  if (!latest) throw new Error('nothing queued');
  return latest.id;
}

/** Time passing: the message's next attempt falls due now. */
const makeDue = async (id: number) => (await getDb()).update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id));

describe('outbox delivery over SMTP', () => {
  it('sends a queued e-mail to the SMTP server and marks it SENT with the time', async () => {
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = 'FieldOps <office@fieldops.test>';
    const before = smtp.received.length;
    const id = await queueOne('EMAIL', 'client@example.test', 'Your appointment is tomorrow at 9.', 'Appointment');
    expect(await deliverDueMessages(await getDb())).toEqual({ sent: 1, failed: 0 });
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.from).toBe('office@fieldops.test');
    expect(mails[0]?.to).toEqual(['client@example.test']);
    expect(mails[0]?.raw).toContain('Subject: Appointment');
    expect(mails[0]?.raw).toContain('Your appointment is tomorrow at 9.');
    const sent = await row(id);
    expect(sent.status).toBe('SENT');
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.attempts).toBe(0);
  });

  it('keeps messages waiting, without counting attempts, while SMTP_URL is not set', async () => {
    const before = smtp.received.length;
    const id = await queueOne('EMAIL', 'client@example.test', 'Waiting');
    expect(await deliverDueMessages(await getDb())).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.length).toBe(before);
    const waiting = await row(id);
    expect(waiting.status).toBe('PENDING');
    expect(waiting.attempts).toBe(0);
  });

  it('loses nothing in an SMTP outage: the failed attempt is recorded, and once SMTP is back the message arrives exactly once', async () => {
    process.env.SMTP_URL = smtp.url;
    await smtp.stop();
    try {
      const id = await queueOne('EMAIL', 'outage@example.test', 'Sent after the outage', 'Outage');
      expect(await deliverDueMessages(await getDb())).toEqual({ sent: 0, failed: 1 });
      const failed = await row(id);
      expect(failed.status).toBe('PENDING');
      expect(failed.attempts).toBe(1);
      expect(failed.lastError).toBeTruthy();
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      // Not due yet: the backoff holds the next attempt back.
      expect(await deliverDueMessages(await getDb())).toEqual({ sent: 0, failed: 0 });

      await smtp.start();
      await makeDue(id);
      expect(await deliverDueMessages(await getDb())).toEqual({ sent: 1, failed: 0 });
      expect(await deliverDueMessages(await getDb())).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received.filter((mail) => mail.to.includes('outage@example.test'))).toHaveLength(1);
      const sent = await row(id);
      expect(sent.status).toBe('SENT');
      expect(sent.attempts).toBe(1);
    } finally {
      await smtp.start().catch(() => undefined);
    }
  });

  it(`gives a message up as FAILED after ${maxAttempts} failed attempts`, async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    const id = await queueOne('EMAIL', 'never@example.test', 'Never');
    await (await getDb()).update(outbox).set({ attempts: maxAttempts - 1 }).where(eq(outbox.id, id));
    expect(await deliverDueMessages(await getDb())).toEqual({ sent: 0, failed: 1 });
    const given = await row(id);
    expect(given.status).toBe('FAILED');
    expect(given.attempts).toBe(maxAttempts);
    await makeDue(id);
    expect(await deliverDueMessages(await getDb())).toEqual({ sent: 0, failed: 0 });
  });

  it('lets two concurrent rounds send a message only once (rows are claimed with skip locked)', async () => {
    process.env.SMTP_URL = smtp.url;
    const before = smtp.received.length;
    await queueOne('EMAIL', 'once@example.test', 'Only once');
    const db = await getDb();
    const rounds = await Promise.all([deliverDueMessages(db), deliverDueMessages(db)]);
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(1);
    expect(smtp.received.slice(before).filter((mail) => mail.to.includes('once@example.test'))).toHaveLength(1);
  });
});

describe('outbox delivery of SMS through a Twilio-compatible provider', () => {
  it('posts the form with basic auth, From, To and Body, and marks the message SENT', async () => {
    const provider = await startSmsStandIn('AC123', 'secret-token');
    try {
      Object.assign(process.env, { SMS_URL: provider.url, SMS_ACCOUNT_SID: 'AC123', SMS_AUTH_TOKEN: 'secret-token', SMS_FROM: '+15550001111' });
      const id = await queueOne('SMS', '+393331234567', 'Your worker is on the way.');
      expect(await deliverDueMessages(await getDb())).toEqual({ sent: 1, failed: 0 });
      expect(provider.received).toHaveLength(1);
      expect(provider.received[0]?.contentType).toContain('application/x-www-form-urlencoded');
      expect(provider.received[0]?.form).toEqual({ From: '+15550001111', To: '+393331234567', Body: 'Your worker is on the way.' });
      expect((await row(id)).status).toBe('SENT');
    } finally {
      await provider.close();
    }
  });

  it('records the refusal of wrong credentials as a failed attempt and keeps the message pending', async () => {
    const provider = await startSmsStandIn('AC123', 'secret-token');
    try {
      Object.assign(process.env, { SMS_URL: provider.url, SMS_ACCOUNT_SID: 'AC123', SMS_AUTH_TOKEN: 'wrong', SMS_FROM: '+15550001111' });
      const id = await queueOne('SMS', '+393331234567', 'Refused');
      expect(await deliverDueMessages(await getDb())).toEqual({ sent: 0, failed: 1 });
      expect(provider.received).toHaveLength(0);
      const refused = await row(id);
      expect(refused.status).toBe('PENDING');
      expect(refused.attempts).toBe(1);
      expect(refused.lastError).toContain('401');
    } finally {
      await provider.close();
    }
  });

  it('leaves SMS waiting while the provider is not configured, even when e-mail is', async () => {
    process.env.SMTP_URL = smtp.url;
    const id = await queueOne('SMS', '+393331234567', 'Waiting');
    expect(await deliverDueMessages(await getDb())).toEqual({ sent: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'PENDING', attempts: 0 });
  });
});
