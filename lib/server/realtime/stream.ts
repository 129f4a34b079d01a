import 'server-only';
import { env } from '@/lib/server/env';
import type { Ctx } from '@/lib/server/http/ctx';
import { taskChangeHub, type TaskChangeEvent, type WorkerPositionEvent } from './hub';

function parseLastEventId(request: Request): number | null {
  const raw = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId');
  const value = raw === null ? NaN : Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/**
 * The caller's tenant's task changes as server-sent events, and `position` events when a worker's latest position
 * moves (no id, no replay). With Last-Event-ID (header, or the lastEventId
 * query for clients that reconnect by hand) it first sends what was missed.
 */
export function taskChangeStream(ctx: Ctx, request: Request): Response {
  const encoder = new TextEncoder();
  const lastEventId = parseLastEventId(request);
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const send = (event: TaskChangeEvent) => write(`id: ${event.id}\nevent: task\ndata: ${JSON.stringify(event)}\n\n`);
      write(': connected\n\n');
      // No id line: a position event must not move the Last-Event-ID the task changes resume from.
      const sendPosition = (event: WorkerPositionEvent) => write(`event: position\ndata: ${JSON.stringify(event)}\n\n`);
      const unsubscribe = await taskChangeHub().subscribe(ctx.tenantId, lastEventId, send, sendPosition);
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), env.heartbeatMs);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      request.signal.addEventListener('abort', () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      });
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
