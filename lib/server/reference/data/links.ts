import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/server/core/db';
import { problem, type ErrorCodeName, type FieldProblems } from '@/lib/contract/errors';
import { validationError } from '@/lib/server/core/errors';

/** A tenant's table whose live rows may be linked to. */
export type LinkTarget = PgTable & { id: AnyPgColumn; tenantId: AnyPgColumn; deleted: AnyPgColumn };

/**
 * The given ids without repeats, after checking each is a live row of the tenant. Another tenant's id reads
 * as unknown, exactly like a missing one; the field error names its place in the body (e.g. skills.2.skillId) with
 * the caller's code (taskTypes.unknownSkill, say).
 */
export async function liveLinkIds(
  db: DbOrTx,
  tenantId: number,
  target: LinkTarget,
  ids: readonly number[],
  fieldPath: (index: number) => string,
  unknown: { code: ErrorCodeName; message: string },
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: target.id })
    .from(target)
    .where(and(eq(target.tenantId, tenantId), isNull(target.deleted), inArray(target.id, unique)));
  const found = new Set(rows.map((row) => Number(row.id)));
  const refusal = problem(unknown.code, unknown.message);
  const fields: FieldProblems = {};
  ids.forEach((id, index) => {
    if (!found.has(id)) fields[fieldPath(index)] = [refusal];
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return unique;
}
