import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { storedFiles, taskFiles, users } from '@/db/schema';
import {
  TaskFileLogAction,
  taskFileLimits,
  taskFileMessages,
  type FileDescriptionBody,
  type TaskFileView,
} from '@/lib/contract/task-files';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import type { FileRule, ReadUpload, UploadedFile } from '@/lib/server/core/upload';
import { fileStorage } from '@/lib/server/integrations/storage';
import { discardUploads, storeUploads, type StoredUpload } from '@/lib/server/integrations/storage/uploads';
import { taskChangeSet } from '@/lib/server/tasks/change-set';
import { findTask, lockTask } from '@/lib/server/tasks/rules';
import { userFullName } from '@/lib/server/people/users/read';
import { assertReachable } from '@/lib/server/tasks/notes/access';
import { assertAttachmentsWritable, findReachableTask } from './task-access';
import { cleanFilename, detectUploadType } from '../../integrations/storage/upload-checks';

/** Spec 01 §5: attachments added to an existing task are images under 10MB. */
export const taskImageRule: FileRule = {
  detect: (name, bytes) => detectUploadType(cleanFilename(name), bytes, ['image']),
  maxBytes: taskFileLimits.imageBytes,
  sizeMessage: taskFileMessages.imageSize,
  typeMessage: taskFileMessages.imageType,
};

const fileColumns = {
  id: taskFiles.id,
  taskId: taskFiles.taskId,
  filename: taskFiles.filename,
  description: taskFiles.description,
  mimeType: storedFiles.mimeType,
  sizeBytes: storedFiles.sizeBytes,
  uploadedDate: taskFiles.uploadedDate,
  uploaderId: taskFiles.uploaderId,
  uploaderName: userFullName,
  storedFileId: storedFiles.id,
  storageKey: storedFiles.storageKey,
};

/**
 * The task's live attachments (or the one asked for), oldest first, with their uploader's name and where their
 * bytes are: the drawer's list and the PDF report read the same rows.
 */
export async function taskFileRows(db: DbOrTx, ctx: Pick<Ctx, 'tenantId'>, taskId: number, fileId?: number) {
  return db
    .select(fileColumns)
    .from(taskFiles)
    .innerJoin(storedFiles, and(eq(storedFiles.tenantId, taskFiles.tenantId), eq(storedFiles.id, taskFiles.storedFileId)))
    .leftJoin(users, and(eq(users.tenantId, taskFiles.tenantId), eq(users.id, taskFiles.uploaderId)))
    .where(
      and(
        eq(taskFiles.tenantId, ctx.tenantId),
        eq(taskFiles.taskId, taskId),
        isNull(taskFiles.deleted),
        isNull(storedFiles.deleted),
        fileId === undefined ? undefined : eq(taskFiles.id, fileId),
      ),
    )
    .orderBy(asc(taskFiles.uploadedDate), asc(taskFiles.id));
}

type FileRow = Awaited<ReturnType<typeof taskFileRows>>[number];

function toView(row: FileRow): TaskFileView {
  return {
    id: row.id,
    taskId: row.taskId,
    filename: row.filename,
    description: row.description,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    uploadedDate: row.uploadedDate.toISOString(),
    uploaderId: row.uploaderId,
    uploaderName: row.uploaderName,
  };
}

/** One attachment of the task, with where its bytes are; 404 for a missing, deleted or other tenant's file. */
export async function findTaskFile(db: DbOrTx, ctx: Ctx, taskId: number, fileId: number): Promise<FileRow> {
  const [row] = await taskFileRows(db, ctx, taskId, fileId);
  if (!row) throw notFound('taskFile.notFound', 'File not found.');
  return row;
}

/** GET tasks/{id}/files: the task's attachments, oldest first. */
export async function listTaskFiles(ctx: Ctx, taskId: number): Promise<TaskFileView[]> {
  await findReachableTask(ctx.db, ctx, taskId);
  return (await taskFileRows(ctx.db, ctx, taskId)).map(toView);
}

async function insertStoredFile(db: DbOrTx, ctx: Ctx, upload: StoredUpload): Promise<number> {
  const [stored] = await db
    .insert(storedFiles)
    .values({ tenantId: ctx.tenantId, uploaderId: ctx.user.id, ...upload })
    .returning({ id: storedFiles.id });
  return stored.id;
}

/**
 * Runs the change with the bytes already stored: they are discarded when the transaction fails, so a refused
 * change leaves no orphan file behind.
 */
async function withStoredUpload<T>(ctx: Ctx, upload: UploadedFile, change: (stored: StoredUpload) => Promise<T>): Promise<T> {
  const [stored] = await storeUploads(ctx, [upload]);
  try {
    return await change(stored);
  } catch (error) {
    await discardUploads([stored]);
    throw error;
  }
}

/** POST tasks/{id}/files, multipart: `file` (an image under 10MB) and an optional `description` (max 100). */
export async function uploadTaskFile(
  ctx: Ctx,
  taskId: number,
  readUpload: ReadUpload<{ file: UploadedFile; description?: string | null }>,
): Promise<TaskFileView> {
  assertAttachmentsWritable(await findReachableTask(ctx.db, ctx, taskId));
  const { file: upload, description = null } = await readUpload();
  const fileId = await withStoredUpload(ctx, upload, (stored) =>
    ctx.db.transaction(async (tx) => {
      // Checked again under the lock: the task may have been cancelled or given to someone else meanwhile.
      const task = await lockTask(tx, ctx, taskId);
      assertReachable(ctx, task);
      assertAttachmentsWritable(task);
      const storedFileId = await insertStoredFile(tx, ctx, stored);
      const [row] = await tx
        .insert(taskFiles)
        .values({ tenantId: ctx.tenantId, taskId, storedFileId, filename: stored.originalName, description, uploaderId: ctx.user.id })
        .returning({ id: taskFiles.id });
      const changes = taskChangeSet(tx, ctx);
      changes.log(taskId, TaskFileLogAction.uploadAttachment, null, stored.originalName);
      changes.touch(taskId);
      await changes.flush();
      return row.id;
    }),
  );
  return toView(await findTaskFile(ctx.db, ctx, taskId, fileId));
}

/** The old bytes go once the change that dropped them has committed; a failure there only leaves a stray file. */
async function removeBytes(storageKey: string): Promise<void> {
  await fileStorage()
    .remove(storageKey)
    .catch(() => undefined);
}

async function retireStoredFile(db: DbOrTx, ctx: Ctx, storedFileId: number): Promise<void> {
  await db
    .update(storedFiles)
    .set({ deleted: new Date() })
    .where(and(eq(storedFiles.tenantId, ctx.tenantId), eq(storedFiles.id, storedFileId)));
}

/** PUT tasks/{id}/files/{fileId}, multipart `file`: new bytes and name under the same attachment and description. */
export async function replaceTaskFile(
  ctx: Ctx,
  taskId: number,
  fileId: number,
  readUpload: ReadUpload<{ file: UploadedFile }>,
): Promise<TaskFileView> {
  assertAttachmentsWritable(await findTask(ctx.db, ctx, taskId));
  await findTaskFile(ctx.db, ctx, taskId, fileId);
  const { file: upload } = await readUpload();
  const replacedKey = await withStoredUpload(ctx, upload, (stored) =>
    ctx.db.transaction(async (tx) => {
      assertAttachmentsWritable(await lockTask(tx, ctx, taskId));
      const current = await findTaskFile(tx, ctx, taskId, fileId);
      const storedFileId = await insertStoredFile(tx, ctx, stored);
      await tx
        .update(taskFiles)
        .set({ storedFileId, filename: stored.originalName, uploaderId: ctx.user.id, uploadedDate: new Date(), updated: new Date() })
        .where(and(eq(taskFiles.tenantId, ctx.tenantId), eq(taskFiles.id, fileId)));
      await retireStoredFile(tx, ctx, current.storedFileId);
      const changes = taskChangeSet(tx, ctx);
      changes.log(taskId, TaskFileLogAction.updateAttachment, current.filename, stored.originalName);
      changes.touch(taskId);
      await changes.flush();
      return current.storageKey;
    }),
  );
  await removeBytes(replacedKey);
  return toView(await findTaskFile(ctx.db, ctx, taskId, fileId));
}

/** PUT tasks/{id}/files/{fileId}/description {description}: max 100 characters; empty clears it. */
export async function describeTaskFile(
  ctx: Ctx,
  taskId: number,
  fileId: number,
  body: FileDescriptionBody,
): Promise<TaskFileView> {
  await ctx.db.transaction(async (tx) => {
    assertAttachmentsWritable(await lockTask(tx, ctx, taskId));
    const current = await findTaskFile(tx, ctx, taskId, fileId);
    if (current.description === body.description) return;
    await tx
      .update(taskFiles)
      .set({ description: body.description, updated: new Date() })
      .where(and(eq(taskFiles.tenantId, ctx.tenantId), eq(taskFiles.id, fileId)));
    const changes = taskChangeSet(tx, ctx);
    changes.log(taskId, TaskFileLogAction.updateAttachmentDescription, current.description, body.description);
    changes.touch(taskId);
    await changes.flush();
  });
  return toView(await findTaskFile(ctx.db, ctx, taskId, fileId));
}

/** DELETE tasks/{id}/files/{fileId}: the attachment leaves the task and its bytes leave the storage. */
export async function deleteTaskFile(ctx: Ctx, taskId: number, fileId: number): Promise<{ id: number }> {
  const storageKey = await ctx.db.transaction(async (tx) => {
    assertAttachmentsWritable(await lockTask(tx, ctx, taskId));
    const current = await findTaskFile(tx, ctx, taskId, fileId);
    const now = new Date();
    await tx
      .update(taskFiles)
      .set({ deleted: now, updated: now })
      .where(and(eq(taskFiles.tenantId, ctx.tenantId), eq(taskFiles.id, fileId)));
    await retireStoredFile(tx, ctx, current.storedFileId);
    const changes = taskChangeSet(tx, ctx);
    changes.log(taskId, TaskFileLogAction.deleteAttachment, current.filename, null);
    changes.touch(taskId);
    await changes.flush();
    return current.storageKey;
  });
  await removeBytes(storageKey);
  return { id: fileId };
}
