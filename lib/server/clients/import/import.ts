import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { clients } from '@/db/schema';
import { clientCsvColumns, requiredClientCsvColumns, type ClientCsvColumn } from '@/lib/contract/client-csv';
import type { ClientBody } from '@/lib/contract/clients';
import type { CsvImportResult } from '@/lib/contract/csv-import';
import { inChunks } from '@/lib/server/core/bulk-insert';
import { emptyResult, ImportStopped, reportLine, type ImportJob, type ImportProgress } from '@/lib/server/core/csv-import/job';
import { nameKey } from '@/lib/server/core/csv-import/cells';
import { parseCsv, type CsvTable, type CsvUpload } from '@/lib/server/core/csv-import/table';
import { readHeaderColumns } from '@/lib/server/core/csv-import/header';
import { claimLines, importIdOf, landedLines } from '@/lib/server/core/csv-import/import-record';
import type { Ctx } from '@/lib/server/core/ctx';
import { cellsOf, readClientLine } from './lines';
import type { Problem } from '@/lib/contract/errors';
import { ownClientProblem, sharedLineProblem } from './line-codes';

interface ReadyClient {
  line: number;
  body: ClientBody;
}

/** Lines checked between two progress lines; checking never waits on I/O, so the loop yields after each step. */
const progressStep = 500;
/** Rows per insert statement: 14 columns each stays far under PostgreSQL's 65,535 parameters. */
const insertChunk = 1000;

const columnByKey = new Map<string, ClientCsvColumn>(clientCsvColumns.map((column) => [nameKey(column), column]));

async function liveNameKeys(ctx: Ctx): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ name: clients.displayName })
    .from(clients)
    .where(and(eq(clients.tenantId, ctx.tenantId), isNull(clients.deleted)));
  return new Set(rows.map((row) => nameKey(row.name)));
}

/**
 * Writes every checked line in one transaction, all or nothing, with the written lines as landed for the import.
 * A name a live client took since the check (another user, another import) is skipped by the unique index rather
 * than failing the file, and answered back; its line is not recorded, as this import did not write it.
 */
async function writeClients(ctx: Ctx, importId: string, ready: readonly ReadyClient[]): Promise<{ imported: number; taken: ReadyClient[] }> {
  return ctx.db.transaction(async (tx) => {
    const written = new Set<string>();
    await inChunks(ready, insertChunk, async (chunk) => {
      const rows = await tx
        .insert(clients)
        .values(chunk.map(({ body }) => ({ tenantId: ctx.tenantId, ...body, disabled: false })))
        .onConflictDoNothing()
        .returning({ name: clients.displayName });
      for (const row of rows) written.add(nameKey(row.name));
    });
    const isWritten = (client: ReadyClient) => written.has(nameKey(client.body.displayName));
    await claimLines(tx, ctx, importId, ready.filter(isWritten).map((client) => client.line));
    return { imported: written.size, taken: ready.filter((client) => !isWritten(client)) };
  });
}

interface ClientImportPlan {
  importId: string;
  table: CsvTable;
  columns: ClientCsvColumn[];
}

/**
 * Checks every line, then, unless validateOnly, writes the good ones together. A line an earlier run of the same
 * import wrote is skipped and counted as already imported. A display name a live client has, or an earlier line
 * of the file has (names compared trimmed, ignoring case and repeated spaces), counts as already existing: the line
 * is skipped, never merged into the existing client, so importing a file twice adds nothing the second time.
 */
async function runImport(ctx: Ctx, { importId, table, columns }: ClientImportPlan, validateOnly: boolean, progress: ImportProgress) {
  const result: CsvImportResult = emptyResult(importId, validateOnly);
  const landed = await landedLines(ctx, importId);
  const existing = await liveNameKeys(ctx);
  const firstLineOf = new Map<string, number>();
  const ready: ReadyClient[] = [];
  const total = table.lines.length;
  const alreadyExists = (line: number, problem: Problem) => {
    result.alreadyExistsCount += 1;
    reportLine(result, line, [{ column: 'displayName', ...problem }]);
  };
  for (const [index, line] of table.lines.entries()) {
    const name = cellsOf(line, columns).displayName ?? '';
    const key = nameKey(name);
    const earlier = firstLineOf.get(key);
    const unreadable = table.unreadable.get(line.line);
    if (landed.has(line.line)) result.alreadyImportedCount += 1;
    else if (key !== '' && existing.has(key)) alreadyExists(line.line, ownClientProblem('import.clientExists', { name }));
    else if (key !== '' && earlier !== undefined) alreadyExists(line.line, ownClientProblem('import.clientRepeated', { name, line: earlier }));
    else {
      const outcome =
        unreadable === undefined ? readClientLine(line, columns) : [{ column: null, ...sharedLineProblem('import.unreadable', { reason: unreadable }) }];
      if (Array.isArray(outcome)) {
        result.invalidCount += 1;
        reportLine(result, line.line, outcome);
      } else {
        firstLineOf.set(key, line.line);
        ready.push({ line: line.line, body: outcome });
      }
    }
    result.processedRecordsCount += 1;
    if ((index + 1) % progressStep === 0) {
      progress(result.processedRecordsCount, total);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (validateOnly) result.importedCount = ready.length;
  else if (ready.length > 0) {
    try {
      const written = await writeClients(ctx, importId, ready);
      result.importedCount = written.imported;
      for (const client of written.taken) alreadyExists(client.line, ownClientProblem('import.clientExists', { name: client.body.displayName }));
    } catch (error) {
      throw new ImportStopped(total, 0, error);
    }
  }
  progress(result.processedRecordsCount, total);
  return result;
}

/**
 * POST clients/upload/csv: the answer shape, limits, refusals and streaming of POST tasks/upload/csv. The file
 * and its header are refused as a whole with a plain error answer; then the lines are checked and written.
 */
export async function importClientsCsv(ctx: Ctx, upload: CsvUpload, validateOnly: boolean): Promise<ImportJob<CsvImportResult>> {
  const table = parseCsv(upload.fileName, upload.text);
  const columns = readHeaderColumns(table.header, (key) => columnByKey.get(key), requiredClientCsvColumns);
  const plan = { importId: importIdOf(ctx, 'client', upload.text), table, columns };
  return { importId: plan.importId, total: table.lines.length, what: 'client', run: (progress) => runImport(ctx, plan, validateOnly, progress) };
}
