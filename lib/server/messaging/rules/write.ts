import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { notifications } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import {
  notificationMessages,
  trackingPlaceholder,
  usesPlaceholder,
  type NotificationBody,
  type NotificationView,
} from '@/lib/contract/notifications';
import type { Tx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { conflict, invalidField } from '@/lib/server/core/errors';
import { getNotification, notificationColumns, notificationNotFound, notificationView } from './read';

/** The first key of this area's advisory locks, so they never meet another feature's. */
const notificationLockNamespace = 7_340_313;

/** tracking_url links to the public tracking page, which only feature 7 offers (spec 03 §3). */
function assertPlaceholdersAllowed(ctx: Ctx, body: NotificationBody): void {
  if (!ctx.features.includes(Feature.trackingLink) && usesPlaceholder(body.message, trackingPlaceholder)) {
    throw invalidField('message', 'notification.trackingNeedsFeature', notificationMessages.trackingNeedsFeature);
  }
}

/**
 * Rules have no name, so "unique" (spec 03 §5) means one live rule per trigger (type with its hours or status),
 * recipient and message type: a second one would send the same kind of message twice. Disabled rules count, as
 * they can be enabled again. The tenant's rule writes are serialised by an advisory lock, so two saves cannot both
 * pass the check.
 */
async function assertTriggerFree(tx: Tx, ctx: Ctx, body: NotificationBody, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${notificationLockNamespace}, ${ctx.tenantId})`);
  const [clash] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.tenantId, ctx.tenantId),
        isNull(notifications.deleted),
        eq(notifications.type, body.type),
        body.numberOfHours === null ? isNull(notifications.numberOfHours) : eq(notifications.numberOfHours, body.numberOfHours),
        body.statusId === null ? isNull(notifications.statusId) : eq(notifications.statusId, body.statusId),
        eq(notifications.recipient, body.recipient),
        eq(notifications.messageType, body.messageType),
        exceptId === undefined ? undefined : ne(notifications.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw conflict('notification.duplicate', notificationMessages.conflict);
}

const ruleColumns = (body: NotificationBody) => ({
  numberOfHours: body.numberOfHours,
  statusId: body.statusId,
  recipient: body.recipient,
  messageType: body.messageType,
  subject: body.subject,
  message: body.message,
});

export async function createNotification(ctx: Ctx, body: NotificationBody): Promise<NotificationView> {
  assertPlaceholdersAllowed(ctx, body);
  return ctx.db.transaction(async (tx) => {
    await assertTriggerFree(tx, ctx, body);
    const [row] = await tx
      .insert(notifications)
      .values({ tenantId: ctx.tenantId, type: body.type, ...ruleColumns(body) })
      .returning(notificationColumns);
    return notificationView(row);
  });
}

/**
 * The type is what the rule is (spec 03 §5: fixed when editing), so a different one is refused rather than
 * silently kept. A deleted rule answers 404. The enabled state is left to PATCH enable and disable.
 */
export async function updateNotification(ctx: Ctx, id: number, body: NotificationBody): Promise<NotificationView> {
  return ctx.db.transaction(async (tx) => {
    const current = await getNotification(ctx, id, tx);
    if (current.type !== body.type) throw invalidField('type', 'notification.typeFixed', notificationMessages.typeFixed);
    assertPlaceholdersAllowed(ctx, body);
    await assertTriggerFree(tx, ctx, body, id);
    const [row] = await tx
      .update(notifications)
      .set({ ...ruleColumns(body), updated: new Date() })
      .where(and(eq(notifications.tenantId, ctx.tenantId), eq(notifications.id, id), isNull(notifications.deleted)))
      .returning(notificationColumns);
    if (!row) throw notificationNotFound();
    return notificationView(row);
  });
}

/** Soft delete: the rule stops firing; messages it already put in the outbox keep their link to it. */
export async function deleteNotification(ctx: Ctx, id: number): Promise<NotificationView> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ deleted: new Date(), updated: new Date() })
    .where(and(eq(notifications.tenantId, ctx.tenantId), eq(notifications.id, id), isNull(notifications.deleted)))
    .returning(notificationColumns);
  if (!row) throw notificationNotFound();
  return notificationView(row);
}

/** PATCH enable and disable: idempotent, so a repeated click answers the rule as it stands. */
export async function setNotificationEnabled(ctx: Ctx, id: number, enabled: boolean): Promise<NotificationView> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ isDisabled: !enabled, updated: new Date() })
    .where(and(eq(notifications.tenantId, ctx.tenantId), eq(notifications.id, id), isNull(notifications.deleted)))
    .returning(notificationColumns);
  if (!row) throw notificationNotFound();
  return notificationView(row);
}
