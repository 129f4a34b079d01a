import 'server-only';
import { storedFiles, taskFiles } from '@/db/schema';
import { CreateTaskBody, taskLimits, uploadMessages } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db/client';
import { fieldErrors } from '@/lib/server/http/route';
import type { Ctx } from '@/lib/server/core/ctx';
import { validationError } from '@/lib/server/core/errors';
import { fileStorage, newStorageKey } from '@/lib/server/integrations/storage';
import { readBounded } from '@/lib/server/http/bounded-body';
import { tooLarge, unsupportedType } from '@/lib/server/http/multipart';
import { cleanFilename, detectUploadType } from '@/lib/server/integrations/storage/upload-checks';

export interface StoredUpload {
  storageKey: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
}

export interface AcceptedFile {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
}

async function acceptFiles(files: readonly File[]): Promise<AcceptedFile[]> {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total >= taskLimits.uploadTotalBytes) throw tooLarge(uploadMessages.size);
  const accepted: AcceptedFile[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const mimeType = await detectUploadType(file.name, bytes, ['pdf', 'csv']);
    if (!mimeType) throw unsupportedType(uploadMessages.type);
    accepted.push({ name: cleanFilename(file.name), mimeType, bytes });
  }
  return accepted;
}

function parseTaskPart(part: FormDataEntryValue | null, text: string | null): CreateTaskBody {
  if (part === null || text === null) throw validationError({ task: ['The task part is required.'] });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw validationError({ task: ['The task part is not valid JSON.'] });
  }
  const result = CreateTaskBody.safeParse(json);
  if (!result.success) throw validationError(fieldErrors(result.error));
  return result.data;
}

/** Room for the JSON part beside the files: a body past this is refused before it is read into memory. */
const formOverheadBytes = 1024 * 1024;

/**
 * Reads POST tasks' multipart body, never past the limit: the JSON part 'task' and the 'file' parts, PDF and CSV
 * only (by magic bytes and extension: 415), together under 10 MB (413).
 */
export async function readTaskForm(request: Request): Promise<{ task: CreateTaskBody; files: AcceptedFile[] }> {
  const body = await readBounded(request, taskLimits.uploadTotalBytes + formOverheadBytes, () => tooLarge(uploadMessages.size));
  let form: FormData;
  try {
    const contentType = request.headers.get('content-type') ?? '';
    form = await new Response(body as BlobPart, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw validationError({ body: ['The body must be multipart/form-data with a part named task.'] });
  }
  const part = form.get('task');
  const text = typeof part === 'string' ? part : part ? await part.text() : null;
  const task = parseTaskPart(part, text);
  const files = form.getAll('file').filter((entry): entry is File => typeof entry !== 'string');
  return { task, files: await acceptFiles(files) };
}

/** Writes the bytes before the transaction; the caller discards them if the transaction fails. */
export async function storeUploads(ctx: Ctx, files: readonly AcceptedFile[]): Promise<StoredUpload[]> {
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
