import 'server-only';
import { eq } from 'drizzle-orm';
import { tenants } from '@/db/schema';
import type { TaskView } from '@/lib/contract/tasks';
import type { Ctx } from '@/lib/server/core/ctx';
import type { DbOrTx } from '@/lib/server/core/db';
import { fileStorage } from '@/lib/server/integrations/storage';
import { taskFileRows } from '@/lib/server/tasks/files/files';
import { signatureRows } from '@/lib/server/tasks/files/signature';
import { assertReachable } from '@/lib/server/tasks/notes/access';
import { noteRows } from '@/lib/server/tasks/notes/notes';
import { getTask } from '@/lib/server/tasks/read';
import { selectTaskView } from '@/lib/server/tasks/view-json';
import { embeddableImage, type EmbeddableImage } from './images';

export interface ReportNote {
  note: string;
  author: string | null;
  date: Date;
}

export interface ReportAttachment {
  filename: string;
  description: string | null;
  uploadedDate: Date;
  uploader: string | null;
  /** Null when the file is not a JPEG or PNG the PDF can show: it is only listed. */
  image: EmbeddableImage | null;
}

export interface ReportSignature {
  uploadedDate: Date;
  image: EmbeddableImage | null;
}

export interface ReportData {
  companyName: string;
  task: TaskView;
  notes: ReportNote[];
  attachments: ReportAttachment[];
  signature: ReportSignature | null;
}

/** Names that look like a picture: only these are read from storage; the bytes decide in the end. */
const imageName = /\.(jpe?g|png)$/i;
const imageMime = /^image\/(jpeg|png)$/i;

async function readImage(storageKey: string, filename: string, mimeType: string): Promise<EmbeddableImage | null> {
  if (!imageName.test(filename) && !imageMime.test(mimeType)) return null;
  try {
    return embeddableImage(await fileStorage().read(storageKey));
  } catch {
    // Bytes missing from storage: the file is still listed, the report does not fail for it.
    return null;
  }
}

/**
 * What the report reads with: a tenant and its time zone, no user. The office's call checks the caller may reach
 * the task first; the completion mail is the tenant's own message and reads the task as the tenant.
 */
export interface ReportScope {
  db: DbOrTx;
  tenantId: number;
  tenantTimeZone: string;
}

/** The report reaches the tasks the Notes tab reaches: a worker's own only, another's answers 404. */
async function readableTask(ctx: Ctx, taskId: number): Promise<TaskView> {
  const task = await getTask(ctx, taskId);
  assertReachable(ctx, task);
  return task;
}

/** Oldest first, as a report reads from top to bottom. */
async function readNotes(scope: ReportScope, taskId: number): Promise<ReportNote[]> {
  const newestFirst = await noteRows(scope.db, scope, taskId);
  return newestFirst.reverse().map((row) => ({ note: row.note, date: row.date, author: row.authorName }));
}

async function readAttachments(scope: ReportScope, taskId: number): Promise<ReportAttachment[]> {
  const rows = await taskFileRows(scope.db, scope, taskId);
  // One file at a time: twenty phone photos are tens of megabytes, read in parallel they would all sit in memory
  // at once before the first one is needed anyway.
  const attachments: ReportAttachment[] = [];
  for (const row of rows) {
    attachments.push({
      filename: row.filename,
      description: row.description,
      uploadedDate: row.uploadedDate,
      uploader: row.uploaderName,
      image: await readImage(row.storageKey, row.filename, row.mimeType),
    });
  }
  return attachments;
}

/** Spec 01 §9: only the last signature goes into the report. */
async function readLastSignature(scope: ReportScope, taskId: number): Promise<ReportSignature | null> {
  const [row] = await signatureRows(scope.db, scope, taskId);
  if (!row) return null;
  return {
    uploadedDate: row.uploadedDate,
    image: await readImage(row.storageKey, row.filename, row.mimeType),
  };
}

async function readCompanyName(scope: ReportScope): Promise<string> {
  const [tenant] = await scope.db
    .select({ displayName: tenants.displayName })
    .from(tenants)
    .where(eq(tenants.id, scope.tenantId));
  return tenant?.displayName ?? '';
}

async function readContent(scope: ReportScope, task: TaskView): Promise<ReportData> {
  const [companyName, notes, signature] = await Promise.all([
    readCompanyName(scope),
    readNotes(scope, task.id),
    readLastSignature(scope, task.id),
  ]);
  const attachments = await readAttachments(scope, task.id);
  return { companyName, task, notes, attachments, signature };
}

/** Everything the report shows, read for the caller's tenant only. */
export async function readReportData(ctx: Ctx, taskId: number): Promise<ReportData> {
  return readContent(ctx, await readableTask(ctx, taskId));
}

/** The same, read as the tenant itself (no user): null when the task is gone. */
export async function readTenantReportData(scope: ReportScope, taskId: number): Promise<ReportData | null> {
  const task = await selectTaskView(scope.db, scope.tenantId, scope.tenantTimeZone, taskId);
  return task ? readContent(scope, task) : null;
}
