import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { cancellationReasons } from '@/db/schema';
import type { CancellationReasonView } from '@/lib/contract/reference-data';
import type { Ctx } from '@/lib/server/http/ctx';

/** The reasons a task can be cancelled with; deleted ones are kept on tasks but no longer offered. */
export async function listCancellationReasons(ctx: Ctx): Promise<CancellationReasonView[]> {
  return ctx.db
    .select({ id: cancellationReasons.id, name: cancellationReasons.name })
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.tenantId, ctx.tenantId), isNull(cancellationReasons.deleted)))
    .orderBy(sql`lower(${cancellationReasons.name})`, asc(cancellationReasons.id));
}
