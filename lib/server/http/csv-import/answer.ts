import 'server-only';
import { ndjsonContentType, type CsvImportResult, type CsvImportStreamLine } from '@/lib/contract/csv-import';
import { ErrorCode } from '@/lib/contract/errors';
import type { Ctx } from '@/lib/server/core/ctx';
import { HttpError } from '@/lib/server/core/errors';
import { errorFields, log } from '@/lib/server/core/log';
import { ImportStopped, type ImportJob } from '@/lib/server/core/csv-import/job';
import type { CsvUpload } from '@/lib/server/core/csv-import/table';
import { readCsvUpload } from './csv-file';

const stoppedError = { code: ErrorCode.internal, message: 'An error occurred. Please try again.' };

/**
 * POST tasks/upload/csv and clients/upload/csv: reads the uploaded file (its part `csvFile`), has the domain check it
 * and its header (those refusals are plain error answers), then answers the import it starts.
 */
export async function answerCsvImport<R extends CsvImportResult>(
  ctx: Ctx,
  request: Request,
  start: (upload: CsvUpload) => Promise<ImportJob<R>>,
): Promise<R | Response> {
  return answerImport(ctx, request, await start(await readCsvUpload(request)));
}

/**
 * One JSON object, or, when the client accepts application/x-ndjson, progress lines and a last result (or error)
 * line, each naming the import, so a client that loses the answer can tell the user which import to resume.
 */
async function answerImport<R extends CsvImportResult>(
  ctx: Ctx,
  request: Request,
  { importId, total, what, run }: ImportJob<R>,
): Promise<R | Response> {
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
        const known = error instanceof HttpError ? { code: error.code, message: error.message, ...(error.params ? { params: error.params } : {}) } : stoppedError;
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
