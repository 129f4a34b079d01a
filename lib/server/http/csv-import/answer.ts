import 'server-only';
import { ndjsonContentType, type CsvImportResult, type CsvImportStreamLine } from '@/lib/contract/csv-import';
import { ErrorCode } from '@/lib/contract/errors';
import type { Ctx } from '@/lib/server/core/ctx';
import { HttpError } from '@/lib/server/core/errors';
import { errorFields, log } from '@/lib/server/core/log';

export type ImportProgress = (processed: number, total: number) => void;

/** Thrown when a write failed part way: what was written before it stays (`importedCount`), the rest is not written. */
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

const stoppedError = { code: ErrorCode.internal, message: 'An error occurred. Please try again.' };

/**
 * The answer of an import whose file and header were already accepted (those refusals are plain error answers):
 * one JSON object, or, when the client accepts application/x-ndjson, progress lines and a last result (or error)
 * line, each naming the import, so a client that loses the answer can tell the user which import to resume.
 * `what` names the import in the server log.
 */
export async function answerImport(
  ctx: Ctx,
  request: Request,
  { importId, total, what }: { importId: string; total: number; what: string },
  run: (progress: ImportProgress) => Promise<CsvImportResult>,
): Promise<CsvImportResult | Response> {
  const streamed = (request.headers.get('accept') ?? '').includes(ndjsonContentType);
  if (!streamed) {
    try {
      return await run(() => undefined);
    } catch (error) {
      if (error instanceof ImportStopped) throw error.cause;
      throw error;
    }
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // A client that went away no longer reads; the import still finishes its writes.
      let open = true;
      const send = (line: CsvImportStreamLine) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          open = false;
        }
      };
      send({ type: 'progress', importId, processed: 0, total });
      try {
        const result = await run((processed, all) => send({ type: 'progress', importId, processed, total: all }));
        send({ type: 'result', ...result });
      } catch (error) {
        const stopped = error instanceof ImportStopped ? error : null;
        log.error(`${what} import stopped`, { requestId: ctx.requestId, importId, ...errorFields(stopped?.cause ?? error) });
        const known = error instanceof HttpError ? { code: error.code, message: error.message } : stoppedError;
        send({ type: 'error', importId, error: known, processed: stopped?.processed ?? 0, importedCount: stopped?.importedCount ?? 0 });
      }
      if (open) controller.close();
    },
  });
  // no-transform: a compressing layer (Next.js gzips answers) would otherwise hold the progress lines back.
  return new Response(body, {
    headers: { 'content-type': `${ndjsonContentType}; charset=utf-8`, 'cache-control': 'no-store, no-transform' },
  });
}

/** An empty result, to be counted up line by line. */
export function emptyResult(importId: string, validateOnly: boolean): CsvImportResult {
  return {
    importId,
    validateOnly,
    processedRecordsCount: 0,
    importedCount: 0,
    invalidCount: 0,
    alreadyExistsCount: 0,
    alreadyImportedCount: 0,
    lineErrors: {},
    lineProblems: {},
  };
}

/** Writes a line's reasons into the result: the English texts ("column: message") and the codes, in one order. */
export function reportLine(
  result: CsvImportResult,
  line: number,
  problems: ReadonlyArray<{ column: string | null; code: string; params: Record<string, string | number>; message: string }>,
): void {
  result.lineErrors[String(line)] = problems.map(({ column, message }) => (column === null ? message : `${column}: ${message}`));
  result.lineProblems[String(line)] = problems.map(({ column, code, params }) => ({ column, code, params }));
}
