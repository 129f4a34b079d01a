import 'server-only';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import { servedFileHeaders } from '@/lib/server/http/served-files';
import { fileStorage } from '@/lib/server/integrations/storage';
import { findTaskFile } from './files';
import { findSignature } from './signature';
import { findReachableTask } from './task-access';

/** Types a browser shows by itself; everything else is always a download. */
const inlineTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/tiff', 'application/pdf']);

/** RFC 5987: an ASCII fallback for old clients, and the exact UTF-8 name in filename*. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

interface Served {
  filename: string;
  mimeType: string;
  storageKey: string;
}

async function serve(file: Served, download: boolean): Promise<Response> {
  let bytes: Uint8Array;
  try {
    bytes = await fileStorage().read(file.storageKey);
  } catch {
    // The row outlived its bytes (a storage failure): to the caller it is simply not there.
    throw notFound('File not found.');
  }
  const inline = !download && inlineTypes.has(file.mimeType);
  return new Response(bytes as BlobPart, {
    headers: {
      'content-type': file.mimeType,
      'content-length': String(bytes.byteLength),
      'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', file.filename),
      ...servedFileHeaders,
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'private, no-store',
    },
  });
}

/** GET tasks/{id}/files/{fileId}: the bytes with their stored type, inline for images and PDF unless `download`. */
export async function serveTaskFile(ctx: Ctx, taskId: number, fileId: number, download: boolean): Promise<Response> {
  await findReachableTask(ctx.db, ctx, taskId);
  return serve(await findTaskFile(ctx.db, ctx, taskId, fileId), download);
}

/** GET tasks/{id}/signature/{signatureId}: the signature image. */
export async function serveSignature(
  ctx: Ctx,
  taskId: number,
  signatureId: number,
  download: boolean,
): Promise<Response> {
  return serve(await findSignature(ctx, taskId, signatureId), download);
}
