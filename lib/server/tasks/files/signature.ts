import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { storedFiles, taskSignatures, users } from '@/db/schema';
import { TaskFileLogAction, taskFileLimits, taskFileMessages, type TaskSignatureView } from '@/lib/contract/task-files';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import type { FileRule, ReadUpload, UploadedFile } from '@/lib/server/core/upload';
import { discardUploads, storeUploads } from '@/lib/server/integrations/storage/uploads';
import { taskChangeSet } from '@/lib/server/tasks/change-set';
import { lockTask } from '@/lib/server/tasks/rules';
import { userFullName } from '@/lib/server/people/users/read';
import { assertReachable } from '@/lib/server/tasks/notes/access';
import { assertAttachmentsWritable, findReachableTask } from './task-access';
import { isPng } from '../../integrations/storage/upload-checks';

/** A signature is a PNG by its bytes, under 1 MB; its name is the server's, not the canvas export's. */
export const signatureRule: FileRule = {
  detect: async (_name, bytes) => (isPng(bytes) ? 'image/png' : null),
  maxBytes: taskFileLimits.signatureBytes,
  sizeMessage: taskFileMessages.signatureSize,
  typeMessage: taskFileMessages.signatureType,
};

/** The task's live signatures (or the one asked for), newest first: the first is the one that counts. */
export async function signatureRows(db: DbOrTx, ctx: Pick<Ctx, 'tenantId'>, taskId: number, signatureId?: number) {
  return db
    .select({
      id: taskSignatures.id,
      taskId: taskSignatures.taskId,
      filename: taskSignatures.filename,
      uploadedDate: taskSignatures.uploadedDate,
      uploaderId: taskSignatures.uploaderId,
      uploaderName: userFullName,
      mimeType: storedFiles.mimeType,
      storageKey: storedFiles.storageKey,
    })
    .from(taskSignatures)
    .innerJoin(
      storedFiles,
      and(eq(storedFiles.tenantId, taskSignatures.tenantId), eq(storedFiles.id, taskSignatures.storedFileId)),
    )
    .leftJoin(users, and(eq(users.tenantId, taskSignatures.tenantId), eq(users.id, taskSignatures.uploaderId)))
    .where(
      and(
        eq(taskSignatures.tenantId, ctx.tenantId),
        eq(taskSignatures.taskId, taskId),
        isNull(taskSignatures.deleted),
        isNull(storedFiles.deleted),
        signatureId === undefined ? undefined : eq(taskSignatures.id, signatureId),
      ),
    )
    .orderBy(desc(taskSignatures.uploadedDate), desc(taskSignatures.id));
}

type SignatureRow = Awaited<ReturnType<typeof signatureRows>>[number];

function toView(row: SignatureRow): TaskSignatureView {
  return {
    id: row.id,
    taskId: row.taskId,
    filename: row.filename,
    uploadedDate: row.uploadedDate.toISOString(),
    uploaderId: row.uploaderId,
    uploaderName: row.uploaderName,
  };
}

/** GET tasks/{id}/signature: the task's signatures, newest first (the first is the one that counts). */
export async function listSignatures(ctx: Ctx, taskId: number): Promise<TaskSignatureView[]> {
  await findReachableTask(ctx.db, ctx, taskId);
  return (await signatureRows(ctx.db, ctx, taskId)).map(toView);
}

/** One signature with where its bytes are; 404 for a missing one or another task's or tenant's. */
export async function findSignature(ctx: Ctx, taskId: number, signatureId: number): Promise<SignatureRow> {
  await findReachableTask(ctx.db, ctx, taskId);
  const [row] = await signatureRows(ctx.db, ctx, taskId, signatureId);
  if (!row) throw notFound('taskSignature.notFound', 'Signature not found.');
  return row;
}

function signatureFilename(now: Date): string {
  return `signature-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.png`;
}

/**
 * POST tasks/{id}/signature, multipart with one part `file`: the PNG a signature canvas exports (by magic bytes,
 * under 1 MB: 413 above, 415 for anything else). A manager on any task of the tenant, a worker on a task assigned
 * to them. A cancelled task takes no signature.
 */
export async function addSignature(
  ctx: Ctx,
  taskId: number,
  readUpload: ReadUpload<{ file: UploadedFile }>,
): Promise<TaskSignatureView> {
  assertAttachmentsWritable(await findReachableTask(ctx.db, ctx, taskId));
  const { file: upload } = await readUpload();
  const filename = signatureFilename(new Date());
  const [stored] = await storeUploads(ctx, [{ ...upload, name: filename }]);
  let signatureId: number;
  try {
    signatureId = await ctx.db.transaction(async (tx) => {
      // Checked again under the lock: the task may have been cancelled or given to someone else meanwhile.
      const task = await lockTask(tx, ctx, taskId);
      assertReachable(ctx, task);
      assertAttachmentsWritable(task);
      const [file] = await tx
        .insert(storedFiles)
        .values({ tenantId: ctx.tenantId, uploaderId: ctx.user.id, ...stored })
        .returning({ id: storedFiles.id });
      const [signature] = await tx
        .insert(taskSignatures)
        .values({ tenantId: ctx.tenantId, taskId, storedFileId: file.id, filename, uploaderId: ctx.user.id })
        .returning({ id: taskSignatures.id });
      const changes = taskChangeSet(tx, ctx);
      changes.log(taskId, TaskFileLogAction.addSignature, null, filename);
      changes.touch(taskId);
      await changes.flush();
      return signature.id;
    });
  } catch (error) {
    await discardUploads([stored]);
    throw error;
  }
  const [row] = await signatureRows(ctx.db, ctx, taskId, signatureId);
  return toView(row);
}
