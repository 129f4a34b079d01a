import 'server-only';
import { ErrorCode } from '@/lib/contract/errors';
import { HttpError, invalidField } from '../core/errors';

/**
 * The JSON body a call reads unless it declares more (`maxBodyBytes` on route() or publicRoute()): far above any
 * form's payload, far below what could strain the server's memory when many arrive at once.
 */
export const defaultJsonBodyBytes = 1024 * 1024;

/**
 * A public call's (sign-in, sign-up, password reset, feedback and tracking links): its forms hold a few short texts,
 * and anyone can send them, so each such body the server holds is kept small.
 */
export const anonymousJsonBodyBytes = 64 * 1024;

export const payloadTooLarge = (limitBytes: number) =>
  new HttpError(413, ErrorCode.payloadTooLarge, `The request body is larger than this call accepts (${limitBytes} bytes).`, undefined, {
    limitBytes,
  });

/**
 * The body, read only up to the limit: a declared length past it is refused before reading, and a body that
 * streams past it (no or a false Content-Length) is cut off there, so no request can fill the memory.
 */
export async function readBounded(request: Request, limit: number, refuse: () => HttpError): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw refuse();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await readFrom(reader);
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw refuse();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A body the client stopped sending midway (its connection closed, or it sent more than its Content-Length) is the
 * client's fault: a 400, not a failure of the server (the socket's ECONNRESET would otherwise read as a lost database).
 */
async function readFrom(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch {
    throw invalidField('body', 'request.incomplete', 'The body ended before it was complete.');
  }
}
