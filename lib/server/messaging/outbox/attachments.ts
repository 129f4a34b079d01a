import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { users, type OutboxAttachment } from '@/db/schema';
import { defaultLanguage, isLanguage } from '@/lib/contract/languages';
import type { Db } from '@/lib/server/core/db/client';
import { loadCtx } from '@/lib/server/core/ctx';
import { HttpError } from '@/lib/server/core/errors';
import { readReportData } from '@/lib/server/tasks/report/data';
import { renderReport } from '@/lib/server/tasks/report/render-pool';

export interface RenderedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The report is read as the tenant's first active owner reads it: an owner reaches every task of the tenant, and
 * the delivery job has no signed-in user of its own.
 */
async function ownerCtx(db: Db, tenantId: number) {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.owner, true), eq(users.active, true), isNull(users.deleted)))
    .orderBy(asc(users.id))
    .limit(1);
  return owner ? loadCtx(db, owner.id, `outbox-${randomUUID()}`, 'session') : null;
}

/**
 * Renders a message's attachment when the message is sent. Null when its subject is gone (the task was deleted
 * after it completed, or the tenant has no owner left): the mail then goes without it rather than failing ten times
 * over a file that will never exist. Any other error (the renderer failing) is thrown, so the attempt counts and
 * the message is tried again later.
 */
export async function renderAttachment(db: Db, tenantId: number, attachment: OutboxAttachment): Promise<RenderedAttachment | null> {
  const ctx = await ownerCtx(db, tenantId);
  if (!ctx) return null;
  try {
    const data = await readReportData(ctx, attachment.taskId);
    const pdf = await renderReport(data, {
      language: isLanguage(attachment.language) ? attachment.language : defaultLanguage,
      twentyFourHour: ctx.user.preferredTimeFormat,
      timeZone: ctx.tenantTimeZone,
    });
    return { filename: `report-${data.task.referenceNumber}.pdf`, contentType: 'application/pdf', content: pdf };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}
