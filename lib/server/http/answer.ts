import 'server-only';
import { isBodyAnswer, type Answer, type BodyAnswer } from '@/lib/server/core/answer';
import { servedFileHeaders } from './served-files';

/** RFC 5987: an ASCII fallback for old clients, and the exact UTF-8 name in filename*. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function bodyHeaders(answer: BodyAnswer): Record<string, string> {
  const { disposition, document } = answer;
  return {
    'content-type': answer.contentType,
    ...(answer.body instanceof Uint8Array ? { 'content-length': String(answer.body.byteLength) } : {}),
    ...(disposition
      ? {
          'content-disposition': disposition.encoded
            ? contentDisposition(disposition.type, disposition.filename)
            : `${disposition.type}; filename="${disposition.filename}"`,
        }
      : {}),
    ...(answer.cacheControl ? { 'cache-control': answer.cacheControl } : {}),
    ...(answer.serverTiming ? { 'server-timing': answer.serverTiming } : {}),
    ...(document ? servedFileHeaders : {}),
    ...(document?.sameOriginOnly ? { 'cross-origin-resource-policy': 'same-origin' } : {}),
  };
}

/** The Response of a domain answer (lib/server/core/answer.ts). */
export function answerResponse(answer: Answer): Response {
  if (isBodyAnswer(answer)) {
    const body = answer.body instanceof Uint8Array ? (answer.body as BlobPart) : answer.body;
    return new Response(body, { headers: bodyHeaders(answer) });
  }
  const response = Response.json(answer.value);
  for (const cookie of answer.setCookies) response.headers.append('set-cookie', cookie);
  return response;
}
