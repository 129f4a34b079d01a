import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/server/core/db';
import type { ErrorCodeName } from '@/lib/contract/errors';
import { fieldProblem, HttpError } from '@/lib/server/core/errors';

/**
 * The refusal of a name already taken: its code and the spec's text, and the body path of the name, under which
 * the answer's fields carry the same problem so a form shows it beside the name.
 */
export interface NameTaken {
  code: ErrorCodeName;
  message: string;
  path: string;
}

/** A tenant's table of soft-deleted rows, and which of its columns holds the unique name. */
export interface NamedTable {
  table: PgTable & { id: AnyPgColumn; tenantId: AnyPgColumn; deleted: AnyPgColumn };
  name: AnyPgColumn;
}

/**
 * Answers 409 when a live row of the tenant already has this name, ignoring case, as the unique indexes do.
 * A deleted row's name is free again. The index still guards the race between two saves. `taken` names the
 * refusal's code and the name's path.
 */
export async function assertNameFree(
  db: DbOrTx,
  tenantId: number,
  named: NamedTable,
  name: string,
  taken: NameTaken,
  exceptId?: number,
): Promise<void> {
  const [clash] = await db
    .select({ id: named.table.id })
    .from(named.table)
    .where(
      and(
        eq(named.table.tenantId, tenantId),
        isNull(named.table.deleted),
        sql`lower(${named.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(named.table.id, exceptId),
      ),
    )
    .limit(1);
  if (!clash) return;
  throw new HttpError(409, taken.code, taken.message, fieldProblem(taken.path, taken.code, taken.message));
}
