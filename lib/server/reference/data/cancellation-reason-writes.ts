import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { cancellationReasons } from '@/db/schema';
import { cancellationReasonConflictMessage, type CancellationReasonBody } from '@/lib/contract/cancellation-reasons';
import type { CancellationReasonView } from '@/lib/contract/reference-data';
import type { Ctx } from '@/lib/server/core/ctx';
import { assertNameFree, type NameTaken } from './names';
import { cancellationReasonColumns, cancellationReasonNotFound } from './cancellation-reasons';

const namedReasons = { table: cancellationReasons, name: cancellationReasons.name };
const reasonNameTaken: NameTaken = { code: 'cancellationReasons.nameTaken', message: cancellationReasonConflictMessage, path: 'name' };

const live = (ctx: Ctx, id: number) =>
  and(eq(cancellationReasons.tenantId, ctx.tenantId), eq(cancellationReasons.id, id), isNull(cancellationReasons.deleted));

export async function createCancellationReason(ctx: Ctx, body: CancellationReasonBody): Promise<CancellationReasonView> {
  await assertNameFree(ctx.db, ctx.tenantId, namedReasons, body.name, reasonNameTaken);
  const [reason] = await ctx.db
    .insert(cancellationReasons)
    .values({ tenantId: ctx.tenantId, name: body.name })
    .returning(cancellationReasonColumns);
  return reason;
}

/** A deleted reason answers 404. Tasks cancelled with the reason show its new name, as they read it by id. */
export async function updateCancellationReason(
  ctx: Ctx,
  id: number,
  body: CancellationReasonBody,
): Promise<CancellationReasonView> {
  await assertNameFree(ctx.db, ctx.tenantId, namedReasons, body.name, reasonNameTaken, id);
  const [reason] = await ctx.db
    .update(cancellationReasons)
    .set({ name: body.name, updated: new Date() })
    .where(live(ctx, id))
    .returning(cancellationReasonColumns);
  if (!reason) throw cancellationReasonNotFound();
  return reason;
}

/** Soft delete: tasks cancelled with the reason keep showing it; the cancel dialogs no longer offer it. */
export async function deleteCancellationReason(ctx: Ctx, id: number): Promise<CancellationReasonView> {
  const [reason] = await ctx.db
    .update(cancellationReasons)
    .set({ deleted: new Date(), updated: new Date() })
    .where(live(ctx, id))
    .returning(cancellationReasonColumns);
  if (!reason) throw cancellationReasonNotFound();
  return reason;
}
