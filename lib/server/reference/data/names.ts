import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/server/core/db';
import { conflict } from '@/lib/server/core/errors';

/** A tenant's table of soft-deleted rows, and which of its columns holds the unique name. */
export interface NamedTable {
  table: PgTable & { id: AnyPgColumn; tenantId: AnyPgColumn; deleted: AnyPgColumn };
  name: AnyPgColumn;
}

/**
 * Answers 409 when a live row of the tenant already has this name, ignoring case, as the unique indexes do.
 * A deleted row's name is free again. The index still guards the race between two saves.
 */
export async function assertNameFree(
  db: DbOrTx,
  tenantId: number,
  named: NamedTable,
  name: string,
  conflictMessage: string,
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
  if (clash) throw conflict(conflictMessage);
}
