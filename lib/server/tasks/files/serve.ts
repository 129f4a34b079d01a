import 'server-only';
import { bodyAnswer, type BodyAnswer } from '@/lib/server/core/answer';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import { fileStorage } from '@/lib/server/integrations/storage';
import { findTaskFile } from './files';
import { findSignature } from './signature';
import { findReachableTask } from './task-access';

/** Types a browser shows by itself; everything else is always a download. */
const inlineTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/tiff', 'application/pdf']);

interface Served {
  filename: string;
  mimeType: string;
  storageKey: string;
}

async function serve(file: Served, download: boolean): Promise<BodyAnswer> {
  let bytes: Uint8Array;
  try {
    bytes = await fileStorage().read(file.storageKey);
  } catch {
    // The row outlived its bytes (a storage failure): to the caller it is simply not there.
    throw notFound('taskFile.notFound', 'File not found.');
  }
  const inline = !download && inlineTypes.has(file.mimeType);
  return bodyAnswer({
    body: bytes,
    contentType: file.mimeType,
    disposition: { type: inline ? 'inline' : 'attachment', filename: file.filename, encoded: true },
    document: { sameOriginOnly: true },
    cacheControl: 'private, no-store',
  });
}

/** GET tasks/{id}/files/{fileId}: the bytes with their stored type, inline for images and PDF unless `download`. */
export async function serveTaskFile(ctx: Ctx, taskId: number, fileId: number, download: boolean): Promise<BodyAnswer> {
  await findReachableTask(ctx.db, ctx, taskId);
  return serve(await findTaskFile(ctx.db, ctx, taskId, fileId), download);
}

/** GET tasks/{id}/signature/{signatureId}: the signature image. */
export async function serveSignature(
  ctx: Ctx,
  taskId: number,
  signatureId: number,
  download: boolean,
): Promise<BodyAnswer> {
  return serve(await findSignature(ctx, taskId, signatureId), download);
}
