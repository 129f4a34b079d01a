import 'server-only';
import { env } from '@/lib/server/core/env';
import type { Role } from '@/lib/contract/roles';
import type { Ctx } from '@/lib/server/core/ctx';
import { taskChangeHub, type TaskChangeEvent, type WorkerPositionEvent } from './hub';
import { holdStreamAccess } from './stream-access';

function parseLastEventId(request: Request): number | null {
  const raw = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId');
  const value = raw === null ? NaN : Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/**
 * The caller's tenant's task changes as server-sent events, and `position` events when a worker's latest position
 * moves (no id, no replay). With Last-Event-ID (header, or the lastEventId
 * query for clients that reconnect by hand) it first sends what was missed. The stream lasts as long as the caller's
 * session or key does and keeps one of `roles` (stream-access.ts): then it ends, and sends nothing more.
 */
export async function taskChangeStream(ctx: Ctx, request: Request, roles: readonly Role[]): Promise<Response> {
  const encoder = new TextEncoder();
  const lastEventId = parseLastEventId(request);
  let revoked = false;
  let close = () => {};
  const access = await holdStreamAccess({
    request,
    ctx,
    roles,
    end: () => {
      revoked = true;
      close();
    },
  });
  let cleanup = () => access.stop();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const send = (event: TaskChangeEvent) =>
        access.pass(() => write(`id: ${event.id}\nevent: task\ndata: ${JSON.stringify(event)}\n\n`));
      write(': connected\n\n');
      // No id line: a position event must not move the Last-Event-ID the task changes resume from.
      const sendPosition = (event: WorkerPositionEvent) =>
        access.pass(() => write(`event: position\ndata: ${JSON.stringify(event)}\n\n`));
      const unsubscribe = await taskChangeHub()
        .subscribe(ctx.tenantId, lastEventId, send, sendPosition)
        .catch((error: unknown) => {
          access.stop();
          throw error;
        });
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), env.heartbeatMs);
      // The hub lets go of this stream first, so that nothing is handed to it once it is closing.
      cleanup = () => {
        unsubscribe();
        clearInterval(heartbeat);
        access.stop();
      };
      close = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      request.signal.addEventListener('abort', close);
      if (revoked || request.signal.aborted) close();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  });
}
