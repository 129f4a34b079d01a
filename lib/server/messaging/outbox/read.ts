import 'server-only';
import { count, desc, eq } from 'drizzle-orm';
import { outbox } from '@/db/schema';
import type { OutboxPage, OutboxQuery } from '@/lib/contract/outbox';
import type { Ctx } from '@/lib/server/core/ctx';
import { configuredChannels } from './transport';

/** One page of the tenant's outbox, newest first, and whether delivery is configured at all. */
export async function listOutbox(ctx: Ctx, query: OutboxQuery): Promise<OutboxPage> {
  const mine = eq(outbox.tenantId, ctx.tenantId);
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        body: outbox.body,
        status: outbox.status,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        created: outbox.created,
        sentAt: outbox.sentAt,
        attachment: outbox.attachment,
      })
      .from(outbox)
      .where(mine)
      .orderBy(desc(outbox.created), desc(outbox.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ctx.db.select({ total: count() }).from(outbox).where(mine),
  ]);
  const configured = configuredChannels();
  return {
    rows: rows.map((row) => ({
      ...row,
      created: row.created.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      attachment: row.attachment?.kind ?? null,
    })),
    total: totals?.total ?? 0,
    page: query.page,
    size: query.size,
    configured: { email: configured.EMAIL, sms: configured.SMS },
  };
}
