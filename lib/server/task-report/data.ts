import 'server-only';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { storedFiles, taskFiles, taskNotes, taskSignatures, tenants, users } from '@/db/schema';
import { hasAnyRole } from '@/lib/contract/roles';
import type { TaskView } from '@/lib/contract/tasks';
import type { Ctx } from '@/lib/server/http/ctx';
import { notFound } from '@/lib/server/http/errors';
import { fileStorage } from '@/lib/server/integrations/storage';
import { getTask } from '@/lib/server/tasks/read';
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

const fullName = (person: { name: string | null; surname: string | null }): string | null =>
  person.name === null ? null : `${person.name} ${person.surname ?? ''}`.trim();

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
 * A manager sees every task of the tenant; a worker only the tasks assigned to them, and another worker's task
 * answers 404 exactly like a missing one.
 */
async function readableTask(ctx: Ctx, taskId: number): Promise<TaskView> {
  const task = await getTask(ctx, taskId);
  if (!hasAnyRole(ctx.roles, ['tasksManager']) && task.assigneeId !== ctx.user.id) throw notFound('Task not found.');
  return task;
}

async function readNotes(ctx: Ctx, taskId: number): Promise<ReportNote[]> {
  const rows = await ctx.db
    .select({ note: taskNotes.note, date: taskNotes.date, name: users.name, surname: users.surname })
    .from(taskNotes)
    .leftJoin(users, and(eq(users.tenantId, taskNotes.tenantId), eq(users.id, taskNotes.authorId)))
    .where(and(eq(taskNotes.tenantId, ctx.tenantId), eq(taskNotes.taskId, taskId), isNull(taskNotes.deleted)))
    .orderBy(asc(taskNotes.date), asc(taskNotes.id));
  return rows.map((row) => ({ note: row.note, date: row.date, author: fullName(row) }));
}

async function readAttachments(ctx: Ctx, taskId: number): Promise<ReportAttachment[]> {
  const rows = await ctx.db
    .select({
      filename: taskFiles.filename,
      description: taskFiles.description,
      uploadedDate: taskFiles.uploadedDate,
      storageKey: storedFiles.storageKey,
      mimeType: storedFiles.mimeType,
      name: users.name,
      surname: users.surname,
    })
    .from(taskFiles)
    .innerJoin(storedFiles, and(eq(storedFiles.tenantId, taskFiles.tenantId), eq(storedFiles.id, taskFiles.storedFileId)))
    .leftJoin(users, and(eq(users.tenantId, taskFiles.tenantId), eq(users.id, taskFiles.uploaderId)))
    .where(
      and(
        eq(taskFiles.tenantId, ctx.tenantId),
        eq(taskFiles.taskId, taskId),
        isNull(taskFiles.deleted),
        isNull(storedFiles.deleted),
      ),
    )
    .orderBy(asc(taskFiles.uploadedDate), asc(taskFiles.id));
  // One file at a time: twenty phone photos are tens of megabytes, read in parallel they would all sit in memory
  // at once before the first one is needed anyway.
  const attachments: ReportAttachment[] = [];
  for (const row of rows) {
    attachments.push({
      filename: row.filename,
      description: row.description,
      uploadedDate: row.uploadedDate,
      uploader: fullName(row),
      image: await readImage(row.storageKey, row.filename, row.mimeType),
    });
  }
  return attachments;
}

/** Spec 01 §9: only the last signature goes into the report. */
async function readLastSignature(ctx: Ctx, taskId: number): Promise<ReportSignature | null> {
  const [row] = await ctx.db
    .select({
      filename: taskSignatures.filename,
      uploadedDate: taskSignatures.uploadedDate,
      storageKey: storedFiles.storageKey,
      mimeType: storedFiles.mimeType,
    })
    .from(taskSignatures)
    .innerJoin(
      storedFiles,
      and(eq(storedFiles.tenantId, taskSignatures.tenantId), eq(storedFiles.id, taskSignatures.storedFileId)),
    )
    .where(
      and(
        eq(taskSignatures.tenantId, ctx.tenantId),
        eq(taskSignatures.taskId, taskId),
        isNull(taskSignatures.deleted),
        isNull(storedFiles.deleted),
      ),
    )
    .orderBy(desc(taskSignatures.uploadedDate), desc(taskSignatures.id))
    .limit(1);
  if (!row) return null;
  return {
    uploadedDate: row.uploadedDate,
    image: await readImage(row.storageKey, row.filename, row.mimeType),
  };
}

async function readCompanyName(ctx: Ctx): Promise<string> {
  const [tenant] = await ctx.db
    .select({ displayName: tenants.displayName })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  return tenant?.displayName ?? '';
}

/** Everything the report shows, read for the caller's tenant only. */
export async function readReportData(ctx: Ctx, taskId: number): Promise<ReportData> {
  const task = await readableTask(ctx, taskId);
  const [companyName, notes, signature] = await Promise.all([
    readCompanyName(ctx),
    readNotes(ctx, taskId),
    readLastSignature(ctx, taskId),
  ]);
  const attachments = await readAttachments(ctx, taskId);
  return { companyName, task, notes, attachments, signature };
}
