import 'server-only';
import { eq } from 'drizzle-orm';
import { tenants, type OutboxAttachment } from '@/db/schema';
import { defaultLanguage, isLanguage } from '@/lib/contract/languages';
import type { Db } from '@/lib/server/core/db';
import type { RenderedAttachment } from '@/lib/server/messaging/outbox/attachments';
import { readTenantReportData } from './data';
import { renderReport } from './render-pool';

/**
 * The completion mail's PDF, rendered when the mail is sent. It reads the task as the tenant (the mail is the
 * company's own message to its client, sent by no user), in the client's language and on the 24-hour clock, the
 * product's default: no user's preference applies to a client. Null when the task or the tenant is gone.
 */
export async function renderTaskReportAttachment(db: Db, tenantId: number, attachment: OutboxAttachment): Promise<RenderedAttachment | null> {
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) return null;
  const data = await readTenantReportData({ db, tenantId, tenantTimeZone: tenant.timeZone }, attachment.taskId);
  if (!data) return null;
  const pdf = await renderReport(data, {
    language: isLanguage(attachment.language) ? attachment.language : defaultLanguage,
    twentyFourHour: true,
    timeZone: tenant.timeZone,
  });
  return { filename: `report-${data.task.referenceNumber}.pdf`, contentType: 'application/pdf', content: pdf };
}
