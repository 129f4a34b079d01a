import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { notifications } from '@/db/schema';
import type { NotificationView } from '@/lib/contract/notifications';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

export const notificationNotFound = () => notFound('notification.notFound', 'Notification not found.');

export const notificationColumns = {
  id: notifications.id,
  type: notifications.type,
  numberOfHours: notifications.numberOfHours,
  statusId: notifications.statusId,
  recipient: notifications.recipient,
  messageType: notifications.messageType,
  subject: notifications.subject,
  message: notifications.message,
  isDisabled: notifications.isDisabled,
  deleted: notifications.deleted,
};

type NotificationRow = Omit<NotificationView, 'notificationRecipient'>;

export const notificationView = (row: NotificationRow): NotificationView => ({
  ...row,
  notificationRecipient: row.recipient,
});

/** The live rules, grouped by type (in the spec's order), then by when they fire and to whom. */
export async function listNotifications(ctx: Ctx): Promise<NotificationView[]> {
  const rows = await ctx.db
    .select(notificationColumns)
    .from(notifications)
    .where(and(eq(notifications.tenantId, ctx.tenantId), isNull(notifications.deleted)))
    .orderBy(
      asc(notifications.type),
      asc(notifications.numberOfHours),
      asc(notifications.statusId),
      asc(notifications.recipient),
      asc(notifications.messageType),
      asc(notifications.id),
    );
  return rows.map(notificationView);
}

/** A live rule of the tenant; a deleted one, or another tenant's, answers 404 like a missing one. */
export async function getNotification(ctx: Ctx, id: number, db: DbOrTx = ctx.db): Promise<NotificationView> {
  const [row] = await db
    .select(notificationColumns)
    .from(notifications)
    .where(and(eq(notifications.tenantId, ctx.tenantId), eq(notifications.id, id), isNull(notifications.deleted)));
  if (!row) throw notificationNotFound();
  return notificationView(row);
}
