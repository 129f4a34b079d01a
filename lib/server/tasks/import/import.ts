import 'server-only';
import { taskImportLimits, type TaskImportResult } from '@/lib/contract/task-import';
import { emptyResult, ImportStopped, reportLine, type ImportJob, type ImportProgress } from '@/lib/server/core/csv-import/job';
import { parseCsv, type CsvLine, type CsvTable, type CsvUpload } from '@/lib/server/core/csv-import/table';
import { importIdOf, landedLines } from '@/lib/server/core/csv-import/import-record';
import type { Ctx } from '@/lib/server/core/ctx';
import { writeBatch } from './batch';
import { readHeader, type ColumnSlot } from './header';
import { ownProblem, sharedLineProblem } from './line-codes';
import { readLine, type LineProblem, type ReadyTask } from './lines';
import { loadImportReferences, type ImportReferences } from './references';

interface ImportPlan {
  importId: string;
  /** Lines an earlier run of this import wrote: skipped. */
  landed: Set<number>;
  table: CsvTable;
  slots: ColumnSlot[];
  references: ImportReferences;
}

/** Checks the file and its header: everything that refuses the file as a whole. */
async function planImport(ctx: Ctx, upload: CsvUpload): Promise<ImportPlan> {
  const table = parseCsv(upload.fileName, upload.text);
  const references = await loadImportReferences(ctx.db, ctx);
  const slots = readHeader(table.header, references.liveFields);
  const importId = importIdOf(ctx, 'task', upload.text);
  return { importId, landed: await landedLines(ctx, importId), table, slots, references };
}

const externalReferenceOf = (line: CsvLine, slots: readonly ColumnSlot[]) => {
  const index = slots.findIndex((slot) => slot.kind === 'standard' && slot.column === 'externalReference');
  return index < 0 ? '' : (line.cells[index] ?? '');
};

/**
 * Checks every line and, unless validateOnly, writes the good ones batch by batch. A line an earlier run of the
 * same import wrote is skipped and counted as already imported; a line that breaks a rule is reported and skipped;
 * a line whose external reference a live task already has, or an earlier line of the file, counts as already
 * existing. A batch that fails to write stops the import (ImportStopped).
 */
async function runImport(ctx: Ctx, plan: ImportPlan, validateOnly: boolean, progress: ImportProgress): Promise<TaskImportResult> {
  const { importId, landed, table, slots, references } = plan;
  const result: TaskImportResult = emptyResult(importId, validateOnly);
  const report = (line: number, problems: readonly LineProblem[]) => reportLine(result, line, problems);
  const firstLineOf = new Map<string, number>();
  const alreadyExists = (line: number, problem: Omit<LineProblem, 'column'>) => {
    result.alreadyExistsCount += 1;
    report(line, [{ column: 'externalReference', ...problem }]);
  };
  const total = table.lines.length;
  for (let start = 0; start < total; start += taskImportLimits.batchSize) {
    const ready: ReadyTask[] = [];
    for (const line of table.lines.slice(start, start + taskImportLimits.batchSize)) {
      const unreadable = table.unreadable.get(line.line);
      const reference = externalReferenceOf(line, slots);
      const earlier = firstLineOf.get(reference);
      if (landed.has(line.line)) {
        result.alreadyImportedCount += 1;
      } else if (reference !== '' && references.existingReferences.has(reference)) {
        alreadyExists(line.line, ownProblem('import.referenceExists', { reference }));
      } else if (earlier !== undefined) {
        alreadyExists(line.line, ownProblem('import.referenceRepeated', { reference, line: earlier }));
      } else {
        if (reference !== '') firstLineOf.set(reference, line.line);
        const outcome =
          unreadable === undefined
            ? await readLine(ctx, line, slots, references)
            : [{ column: null, ...sharedLineProblem('import.unreadable', { reason: unreadable }) }];
        if (Array.isArray(outcome)) {
          result.invalidCount += 1;
          report(line.line, outcome);
        } else {
          ready.push(outcome);
        }
      }
      result.processedRecordsCount += 1;
    }
    if (validateOnly) result.importedCount += ready.length;
    else if (ready.length > 0) {
      try {
        const written = await writeBatch(ctx, importId, ready);
        result.importedCount += written.imported;
        result.alreadyImportedCount += written.alreadyImported;
        for (const task of written.taken) {
          alreadyExists(task.line, ownProblem('import.referenceExists', { reference: task.externalReference ?? '' }));
        }
      } catch (error) {
        throw new ImportStopped(start, result.importedCount, error);
      }
    }
    progress(result.processedRecordsCount, total);
    // Checking lines alone never waits on I/O: without a turn of the event loop the progress would leave at the end.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return result;
}

/**
 * POST tasks/upload/csv. The file and its header are checked first and refused with a plain error answer. Then the
 * lines, which the HTTP edge answers as one JSON object or streams as progress lines and a last result (or error)
 * line.
 */
export async function importTasksCsv(ctx: Ctx, upload: CsvUpload, validateOnly: boolean): Promise<ImportJob<TaskImportResult>> {
  const plan = await planImport(ctx, upload);
  return {
    importId: plan.importId,
    total: plan.table.lines.length,
    what: 'task',
    run: (progress) => runImport(ctx, plan, validateOnly, progress),
  };
}
