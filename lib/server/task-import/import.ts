import 'server-only';
import {
  ndjsonContentType,
  taskImportLimits,
  type TaskImportResult,
  type TaskImportStreamLine,
} from '@/lib/contract/task-import';
import { ErrorCode } from '@/lib/contract/errors';
import type { Ctx } from '@/lib/server/http/ctx';
import { HttpError } from '@/lib/server/http/errors';
import { writeBatch } from './batch';
import { parseCsv, readCsvUpload, type CsvLine, type CsvTable } from './csv-file';
import { readHeader, type ColumnSlot } from './header';
import { ownProblem } from './line-codes';
import { readLine, type LineProblem, type ReadyTask } from './lines';
import { loadImportReferences, type ImportReferences } from './references';

interface ImportPlan {
  table: CsvTable;
  slots: ColumnSlot[];
  references: ImportReferences;
}

type Progress = (processed: number, total: number) => void;

/** Thrown when a batch could not be written: the batches before it stay, it and the lines after it are not written. */
export class ImportStopped extends Error {
  constructor(
    readonly processed: number,
    readonly importedCount: number,
    readonly cause: unknown,
  ) {
    super('The import stopped: a batch could not be written.');
    this.name = 'ImportStopped';
  }
}

/** Reads the upload and checks the file and its header: everything that refuses the file as a whole. */
async function planImport(ctx: Ctx, request: Request): Promise<ImportPlan> {
  const upload = await readCsvUpload(request);
  const table = parseCsv(upload.fileName, upload.text);
  const references = await loadImportReferences(ctx.db, ctx);
  return { table, slots: readHeader(table.header, references.liveFields), references };
}

const externalReferenceOf = (line: CsvLine, slots: readonly ColumnSlot[]) => {
  const index = slots.findIndex((slot) => slot.kind === 'standard' && slot.column === 'externalReference');
  return index < 0 ? '' : (line.cells[index] ?? '');
};

/**
 * Checks every line and, unless validateOnly, writes the good ones batch by batch. A line that breaks a rule is
 * reported and skipped; a line whose external reference a live task already has, or an earlier line of the file,
 * counts as already existing. A batch that fails to write stops the import (ImportStopped).
 */
async function runImport(ctx: Ctx, plan: ImportPlan, validateOnly: boolean, progress: Progress): Promise<TaskImportResult> {
  const { table, slots, references } = plan;
  const result: TaskImportResult = {
    validateOnly,
    processedRecordsCount: 0,
    importedCount: 0,
    invalidCount: 0,
    alreadyExistsCount: 0,
    lineErrors: {},
    lineProblems: {},
  };
  const report = (line: number, problems: readonly LineProblem[]) => {
    result.lineErrors[String(line)] = problems.map(({ column, message }) => (column === null ? message : `${column}: ${message}`));
    result.lineProblems[String(line)] = problems.map(({ column, code, params }) => ({ column, code, params }));
  };
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
      if (reference !== '' && references.existingReferences.has(reference)) {
        alreadyExists(line.line, ownProblem('referenceExists', { reference }));
      } else if (earlier !== undefined) {
        alreadyExists(line.line, ownProblem('referenceRepeated', { reference, line: earlier }));
      } else {
        if (reference !== '') firstLineOf.set(reference, line.line);
        const outcome =
          unreadable === undefined
            ? await readLine(ctx, line, slots, references)
            : [{ column: null, ...ownProblem('unreadable', { reason: unreadable }) }];
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
        const written = await writeBatch(ctx, ready);
        result.importedCount += written.imported;
        for (const task of written.taken) {
          alreadyExists(task.line, ownProblem('referenceExists', { reference: task.externalReference ?? '' }));
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

const stoppedError = { code: ErrorCode.internal, message: 'An error occurred. Please try again.' };

/**
 * POST tasks/upload/csv. The file and its header are checked first and refused with a plain error answer. Then the
 * lines: answered as one JSON object, or, when the client accepts application/x-ndjson, streamed as progress lines
 * and a last result (or error) line.
 */
export async function importTasksCsv(ctx: Ctx, request: Request, validateOnly: boolean): Promise<TaskImportResult | Response> {
  const plan = await planImport(ctx, request);
  const streamed = (request.headers.get('accept') ?? '').includes(ndjsonContentType);
  if (!streamed) {
    try {
      return await runImport(ctx, plan, validateOnly, () => undefined);
    } catch (error) {
      if (error instanceof ImportStopped) throw error.cause;
      throw error;
    }
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // A client that went away no longer reads; the import still finishes its batches.
      let open = true;
      const send = (line: TaskImportStreamLine) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          open = false;
        }
      };
      send({ type: 'progress', processed: 0, total: plan.table.lines.length });
      try {
        const result = await runImport(ctx, plan, validateOnly, (processed, total) => send({ type: 'progress', processed, total }));
        send({ type: 'result', ...result });
      } catch (error) {
        const stopped = error instanceof ImportStopped ? error : null;
        console.error(`[${ctx.requestId}] task import stopped`, stopped?.cause ?? error);
        const known = error instanceof HttpError ? { code: error.code, message: error.message } : stoppedError;
        send({ type: 'error', error: known, processed: stopped?.processed ?? 0, importedCount: stopped?.importedCount ?? 0 });
      }
      if (open) controller.close();
    },
  });
  // no-transform: a compressing layer (Next.js gzips answers) would otherwise hold the progress lines back.
  return new Response(body, {
    headers: { 'content-type': `${ndjsonContentType}; charset=utf-8`, 'cache-control': 'no-store, no-transform' },
  });
}
