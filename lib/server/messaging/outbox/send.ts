import 'server-only';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { outbox, type OutboxAttachment } from '@/db/schema';
import type { Db } from '@/lib/server/core/db';
import { renderAttachment } from './attachments';
import { configuredChannels, deliver, type Channel } from './transport';

/** After this many failed attempts a message is FAILED and no longer tried. */
export const maxAttempts = 10;
const batchSize = 50;
/**
 * A claimed message is not due again for this long: if the process dies mid-send it is tried again afterwards
 * (at least once), and while it runs no other worker takes it.
 */
const claimLeaseMs = 5 * 60_000;

/** One minute × 2^attempts, capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export interface DeliveryRound {
  sent: number;
  failed: number;
}

interface Claimed {
  id: number;
  tenantId: number;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
  attachment: OutboxAttachment | null;
}

/** Takes due pending messages of the configured channels, leasing them so concurrent workers skip them. */
async function claimDue(db: Db, channels: Channel[], recipient: string | undefined): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, 'PENDING'),
          lte(outbox.nextAttemptAt, sql`now()`),
          inArray(outbox.channel, channels),
          recipient === undefined ? undefined : eq(outbox.recipient, recipient),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({ nextAttemptAt: sql`now() + ${`${claimLeaseMs} milliseconds`}::interval`, claimedUntil: sql`now() + ${`${claimLeaseMs} milliseconds`}::interval` })
      .where(inArray(outbox.id, due.map((row) => row.id)))
      .returning({
        id: outbox.id,
        tenantId: outbox.tenantId,
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        // The body with its secret, which the outbox itself shows masked.
        body: sql<string>`coalesce(${outbox.secretBody}, ${outbox.body})`,
        attempts: outbox.attempts,
        attachment: outbox.attachment,
      });
  });
}

/**
 * Sends the due messages once each. A message is marked SENT only after its provider accepted it; a failure counts an
 * attempt, keeps the error and pushes the next try back, and after `maxAttempts` the message is FAILED. Messages of a
 * channel with no provider configured are left alone: they wait, and no attempt is counted. `only.recipient` limits
 * the round to one address (`npm run worker -- --once --to`), leaving everyone else's messages queued.
 */
export async function deliverDueMessages(db: Db, only: { recipient?: string } = {}): Promise<DeliveryRound> {
  const configured = configuredChannels();
  const channels = (Object.keys(configured) as Channel[]).filter((channel) => configured[channel]);
  const round: DeliveryRound = { sent: 0, failed: 0 };
  if (channels.length === 0) return round;
  for (const message of await claimDue(db, channels, only.recipient)) {
    try {
      // Text messages carry no files: an attachment on one is left out.
      const attachment = message.channel === 'EMAIL' && message.attachment ? await renderAttachment(db, message.tenantId, message.attachment) : null;
      await deliver({ ...message, attachments: attachment ? [attachment] : [] });
      // The secret has reached its owner: the row keeps only the masked body.
      await db
        .update(outbox)
        .set({ status: 'SENT', sentAt: new Date(), lastError: null, claimedUntil: null, secretBody: null })
        .where(eq(outbox.id, message.id));
      round.sent += 1;
    } catch (error) {
      const attempts = message.attempts + 1;
      const givenUp = attempts >= maxAttempts;
      await db
        .update(outbox)
        .set({
          attempts,
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
          status: givenUp ? 'FAILED' : 'PENDING',
          // A failed message is never sent, so its secret has no further use; a retry still carries it.
          ...(givenUp ? { secretBody: null } : {}),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          claimedUntil: null,
        })
        .where(eq(outbox.id, message.id));
      round.failed += 1;
    }
  }
  return round;
}
