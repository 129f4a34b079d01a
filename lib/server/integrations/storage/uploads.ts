import 'server-only';
import { storedFiles, taskFiles } from '@/db/schema';
import { taskLimits, uploadMessages } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { fileStorage, newStorageKey } from '@/lib/server/integrations/storage';
import type { FileRule, UploadedFile } from '@/lib/server/core/upload';
import { detectUploadType } from '@/lib/server/integrations/storage/upload-checks';

export interface StoredUpload {
  storageKey: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
}

/** POST tasks' attachments: PDF and CSV only (by magic bytes and extension: 415), together under 10 MB (413). */
export const taskAttachmentRule: FileRule = {
  detect: (name, bytes) => detectUploadType(name, bytes, ['pdf', 'csv']),
  maxBytes: taskLimits.uploadTotalBytes,
  sizeMessage: uploadMessages.size,
  typeMessage: uploadMessages.type,
};

/** Writes the bytes before the transaction; the caller discards them if the transaction fails. */
export async function storeUploads(ctx: Ctx, files: readonly UploadedFile[]): Promise<StoredUpload[]> {
  const storage = fileStorage();
  const stored: StoredUpload[] = [];
  try {
    for (const file of files) {
      const storageKey = newStorageKey(ctx.tenantId);
      await storage.put(storageKey, file.bytes);
      stored.push({ storageKey, originalName: file.name, mimeType: file.mimeType, sizeBytes: file.bytes.byteLength });
    }
  } catch (error) {
    await discardUploads(stored);
    throw error;
  }
  return stored;
}

export async function discardUploads(uploads: readonly StoredUpload[]): Promise<void> {
  const storage = fileStorage();
  await Promise.all(uploads.map((upload) => storage.remove(upload.storageKey).catch(() => undefined)));
}

/** The stored_files and task_files rows of the uploads; answers their names, for the task's upload_attachment entries. */
export async function attachUploads(
  db: DbOrTx,
  ctx: Ctx,
  taskId: number,
  uploads: readonly StoredUpload[],
): Promise<string[]> {
  for (const upload of uploads) {
    const [stored] = await db
      .insert(storedFiles)
      .values({ tenantId: ctx.tenantId, uploaderId: ctx.user.id, ...upload })
      .returning({ id: storedFiles.id });
    await db.insert(taskFiles).values({
      tenantId: ctx.tenantId,
      taskId,
      storedFileId: stored.id,
      filename: upload.originalName,
      uploaderId: ctx.user.id,
    });
  }
  return uploads.map((upload) => upload.originalName);
}
