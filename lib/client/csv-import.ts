'use client';

import { showGlobalNotice } from '@/lib/client/api';
import type { ApiErrorBody, Problem } from '@/lib/contract/errors';
import { clientSampleFileName } from '@/lib/contract/client-csv';
import {
  csvImportLimits,
  ndjsonContentType,
  type CsvImportResult,
  type CsvImportStreamLine,
} from '@/lib/contract/csv-import';
import { sampleFileName as taskSampleFileName } from '@/lib/contract/task-import';

/** One CSV import the import modal serves: its call, its sample file and its words. */
export interface CsvImportKind {
  /**
   * The messages namespace of this import's own words (title, intro, limits, toasts);
   * any word it lacks is read from taskImport, which holds every word of the modal.
   */
  namespace: 'taskImport' | 'clients.import';
  path: string;
  samplePath: string;
  sampleFileName: string;
}

export const taskImportKind: CsvImportKind = {
  namespace: 'taskImport',
  path: '/api/web/tasks/upload/csv',
  samplePath: '/api/web/tasks/upload/csv/sample',
  sampleFileName: taskSampleFileName,
};

export const clientImportKind: CsvImportKind = {
  namespace: 'clients.import',
  path: '/api/web/clients/upload/csv',
  samplePath: '/api/web/clients/upload/csv/sample',
  sampleFileName: clientSampleFileName,
};

export type ImportProgress = { phase: 'upload'; fraction: number } | { phase: 'lines'; processed: number; total: number };

export type ImportOutcome =
  | { kind: 'result'; result: CsvImportResult }
  /** The file as a whole was refused: not CSV, not text, empty, too large, or its header. `problems` says why. */
  | { kind: 'invalidFile'; problems: Problem[] }
  /**
   * Anything else: no answer, a server failure, or the import stopped part way (`importedCount` were kept). The
   * import's id is known once the server started on the lines: importing the same file again resumes it.
   */
  | { kind: 'failed'; importedCount: number; importId: string | null }
  /**
   * The answer broke off after the server had started on the lines (a restart, a lost network): what was written
   * before is kept, and the browser only knows how far the lines had got (`processed` of `total`).
   */
  | { kind: 'interrupted'; processed: number; total: number; importId: string };

/** Why the browser refuses a file before sending it, or null. */
export function localFileProblem(file: File): 'type' | 'size' | null {
  if (!file.name.toLowerCase().endsWith('.csv')) return 'type';
  if (file.size > csvImportLimits.fileBytes) return 'size';
  return null;
}

/** The NDJSON lines complete so far, and the unfinished rest. */
export function splitLines(buffer: string): { lines: CsvImportStreamLine[]; rest: string } {
  const parts = buffer.split('\n');
  const rest = parts.pop() ?? '';
  return { lines: parts.filter((part) => part.trim() !== '').map((part) => JSON.parse(part) as CsvImportStreamLine), rest };
}

function outcomeOfError(status: number, text: string): ImportOutcome {
  let body: ApiErrorBody | null = null;
  try {
    body = JSON.parse(text) as ApiErrorBody;
  } catch {
    body = null;
  }
  // Every refusal of the file itself names its problems under the upload's part, csvFile, each by its code.
  const problems = status < 500 ? body?.error.fields?.csvFile : undefined;
  if (problems) return { kind: 'invalidFile', problems };
  if (status === 401) window.location.reload();
  if (status === 403) showGlobalNotice('forbidden');
  return { kind: 'failed', importedCount: 0, importId: null };
}

/**
 * Sends the file with XMLHttpRequest, whose upload events give the upload's real progress, and asks for the
 * NDJSON answer, whose progress lines give the lines checked and written; the last line is the result.
 */
export function uploadCsv(
  path: string,
  file: File,
  validateOnly: boolean,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportOutcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    let buffer = '';
    let read = 0;
    let final: ImportOutcome | null = null;
    let lastProgress: { processed: number; total: number; importId: string } | null = null;
    /** No last line: a check wrote nothing, but an import may have written some of its lines before the loss. */
    const brokenOff = (): ImportOutcome =>
      !validateOnly && lastProgress
        ? { kind: 'interrupted', ...lastProgress }
        : { kind: 'failed', importedCount: 0, importId: lastProgress?.importId ?? null };
    const consume = () => {
      if (request.status !== 200) return;
      buffer += request.responseText.slice(read);
      read = request.responseText.length;
      const { lines, rest } = splitLines(buffer);
      buffer = rest;
      for (const line of lines) {
        if (line.type === 'progress') {
          lastProgress = { processed: line.processed, total: line.total, importId: line.importId };
          onProgress({ phase: 'lines', processed: line.processed, total: line.total });
        } else if (line.type === 'result') {
          const { type: _result, ...result } = line;
          final = { kind: 'result', result };
        } else final = { kind: 'failed', importedCount: line.importedCount, importId: line.importId };
      }
    };
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ phase: 'upload', fraction: event.loaded / event.total });
    };
    request.onprogress = consume;
    request.onload = () => {
      if (request.status !== 200) {
        resolve(outcomeOfError(request.status, request.responseText));
        return;
      }
      consume();
      resolve(final ?? brokenOff());
    };
    request.onerror = () => {
      showGlobalNotice('connectivity');
      resolve(brokenOff());
    };
    request.open('POST', `${path}?validateOnly=${validateOnly}`);
    request.setRequestHeader('accept', ndjsonContentType);
    const form = new FormData();
    form.set('csvFile', file);
    request.send(form);
  });
}
