import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { csvImportLines } from '@/db/schema';
import { queryRows, type DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';

/** What is imported: part of the import id, so one file imported as tasks and as clients are two imports. */
export type ImportKind = 'task' | 'client';

/**
 * The id of importing this content into this tenant: the same file imported again gets the same id, and so finds
 * the lines its earlier run wrote. 16 hex digits (64 bits) tell a tenant's imports apart; every look-up also
 * filters on the tenant, so another tenant's id never matches.
 */
export function importIdOf(ctx: Pick<Ctx, 'tenantId'>, kind: ImportKind, text: string): string {
  return createHash('sha256').update(`${ctx.tenantId}\u0000${kind}\u0000${text}`).digest('hex').slice(0, 16);
}

/** The lines an earlier run of this import wrote. */
export async function landedLines(ctx: Ctx, importId: string): Promise<Set<number>> {
  const rows = await ctx.db
    .select({ line: csvImportLines.line })
    .from(csvImportLines)
    .where(and(eq(csvImportLines.tenantId, ctx.tenantId), eq(csvImportLines.importId, importId)));
  return new Set(rows.map((row) => row.line));
}

const lineArray = (lines: readonly number[]) => sql`${`{${lines.map((line) => Math.trunc(line)).join(',')}}`}::int[]`;

/**
 * Records the lines as landed, in the transaction that writes them, and answers those this transaction recorded.
 * A line a concurrent run of the same import recorded is left out: the primary key makes this transaction wait for
 * the other to commit or roll back, so two uploads of one file at once still write each line once.
 */
export async function claimLines(tx: DbOrTx, ctx: Ctx, importId: string, lines: readonly number[]): Promise<Set<number>> {
  if (lines.length === 0) return new Set();
  const rows = await queryRows<{ line: number }>(
    tx,
    sql`insert into ${csvImportLines} (tenant_id, import_id, line)
        select ${ctx.tenantId}, ${importId}, unnest(${lineArray(lines)})
        on conflict do nothing
        returning line`,
  );
  return new Set(rows.map((row) => row.line));
}
