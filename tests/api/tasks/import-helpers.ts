import { and, count, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { POST as uploadCsv } from '@/app/api/web/tasks/upload/csv/route';
import { taskReferenceCounters, tasks } from '@/db/schema';
import type { TaskImportResult, TaskImportStreamLine } from '@/lib/contract/task-import';
import { getDb } from '@/lib/server/core/db';
import { call } from '../setup/http';

/** A CSV text as a spreadsheet would save it: header first, comma separated, quoted where needed. */
export function csvText(header: readonly string[], lines: ReadonlyArray<ReadonlyArray<string>>): string {
  return Papa.unparse({ fields: [...header], data: lines.map((line) => [...line]) }, { newline: '\r\n' });
}

export function csvForm(text: string | Uint8Array, fileName = 'tasks.csv'): FormData {
  const form = new FormData();
  form.set('csvFile', new File([text as BlobPart], fileName, { type: 'text/csv' }));
  return form;
}

export interface UploadOptions {
  cookie: string;
  validateOnly?: boolean;
  fileName?: string;
  accept?: string;
}

export async function upload(text: string | Uint8Array, options: UploadOptions) {
  const response = await call(uploadCsv, {
    method: 'POST',
    path: '/api/web/tasks/upload/csv',
    query: { validateOnly: String(options.validateOnly ?? false) },
    body: csvForm(text, options.fileName),
    cookie: options.cookie,
    headers: options.accept ? { accept: options.accept } : {},
  });
  return response;
}

/** Uploads and answers the JSON result, failing with the body when the status is not 200. */
export async function importCsv(text: string, options: UploadOptions): Promise<TaskImportResult> {
  const response = await upload(text, options);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`import answered ${response.status}: ${body}`);
  return JSON.parse(body) as TaskImportResult;
}

export async function streamedLines(response: Response): Promise<TaskImportStreamLine[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TaskImportStreamLine);
}

export async function taskCount(tenantId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ value: count() }).from(tasks).where(eq(tasks.tenantId, tenantId));
  return row.value;
}

export async function nextReferenceNumber(tenantId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ next: taskReferenceCounters.nextReferenceNumber })
    .from(taskReferenceCounters)
    .where(eq(taskReferenceCounters.tenantId, tenantId));
  // A tenant gets its counter row with its first number.
  return row?.next ?? 1;
}

export async function taskByReference(tenantId: number, externalReference: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.externalReference, externalReference)));
  return row;
}
