import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { cancellationReasons } from '@/db/schema';
import type { CancellationReasonView } from '@/lib/contract/reference-data';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

export const cancellationReasonNotFound = () => notFound('cancellationReasons.notFound', 'Cancellation reason not found.');

export const cancellationReasonColumns = { id: cancellationReasons.id, name: cancellationReasons.name };

/** The reasons a task can be cancelled with; deleted ones are kept on tasks but no longer offered. */
export async function listCancellationReasons(ctx: Ctx): Promise<CancellationReasonView[]> {
  return ctx.db
    .select(cancellationReasonColumns)
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.tenantId, ctx.tenantId), isNull(cancellationReasons.deleted)))
    .orderBy(sql`lower(${cancellationReasons.name})`, asc(cancellationReasons.id));
}

/** One live reason; a deleted one has left the settings screen, though tasks cancelled with it still show its name. */
export async function getCancellationReason(ctx: Ctx, id: number): Promise<CancellationReasonView> {
  const [reason] = await ctx.db
    .select(cancellationReasonColumns)
    .from(cancellationReasons)
    .where(
      and(
        eq(cancellationReasons.tenantId, ctx.tenantId),
        eq(cancellationReasons.id, id),
        isNull(cancellationReasons.deleted),
      ),
    );
  if (!reason) throw cancellationReasonNotFound();
  return reason;
}
