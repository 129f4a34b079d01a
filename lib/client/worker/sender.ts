'use client';

import { apiBase } from '@/lib/client/api';
import type { ApiErrorBody } from '@/lib/contract/errors';
import { ErrorCode } from '@/lib/contract/errors';
import type { NoteCreated } from '@/lib/contract/task-notes';
import type { TaskView } from '@/lib/contract/tasks';
import { idempotencyKeyHeader } from '@/lib/contract/worker';
import type { QueueItem, SendOutcome } from './queue';

/** Statuses worth another try later: signed out (the worker signs in again), timeouts, throttling, server trouble. */
function isTransient(status: number): boolean {
  return status === 401 || status === 408 || status === 429 || status >= 500;
}

function request(item: QueueItem): { path: string; init: RequestInit } {
  const headers: Record<string, string> = { [idempotencyKeyHeader]: item.key };
  switch (item.kind) {
    case 'status': {
      const body = { ...item.body, ...(item.baseUpdated ? { updated: item.baseUpdated } : {}) };
      headers['content-type'] = 'application/json';
      return { path: `worker/tasks/${item.taskId}/status`, init: { method: 'PATCH', headers, body: JSON.stringify(body) } };
    }
    case 'note':
      headers['content-type'] = 'application/json';
      return { path: `tasks/${item.taskId}/notes`, init: { method: 'POST', headers, body: JSON.stringify({ note: item.note }) } };
    case 'photo': {
      const form = new FormData();
      form.append('file', item.file, item.filename);
      return { path: `tasks/${item.taskId}/files`, init: { method: 'POST', headers, body: form } };
    }
    case 'signature': {
      const form = new FormData();
      form.append('file', item.file, 'signature.png');
      return { path: `tasks/${item.taskId}/signature`, init: { method: 'POST', headers, body: form } };
    }
  }
}

/** The task's view after a write whose answer does not carry it, so later offline changes compare against it. */
async function freshTask(taskId: number): Promise<TaskView | undefined> {
  try {
    const response = await fetch(`${apiBase}tasks/${taskId}`, { credentials: 'same-origin' });
    return response.ok ? ((await response.json()) as TaskView) : undefined;
  } catch {
    return undefined;
  }
}

/** Sends one queued write with its Idempotency-Key and says what became of it (see SendOutcome). */
export async function sendQueueItem(item: QueueItem): Promise<SendOutcome> {
  const { path, init } = request(item);
  let response: Response;
  try {
    response = await fetch(apiBase + path, { ...init, credentials: 'same-origin' });
  } catch {
    return { kind: 'later' };
  }
  if (response.ok) {
    const answer: unknown = await response.json().catch(() => null);
    if (item.kind === 'status') return { kind: 'done', task: answer as TaskView };
    if (item.kind === 'note') return { kind: 'done', task: (answer as NoteCreated | null)?.task };
    return { kind: 'done', task: await freshTask(item.taskId) };
  }
  if (isTransient(response.status)) return { kind: 'later' };
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  const code = body?.error.code ?? 'UNKNOWN';
  const details = body?.error.details;
  if (response.status === 409 && code === ErrorCode.staleUpdate) {
    const office = details?.task;
    return { kind: 'conflict', office: office && typeof office === 'object' ? (office as TaskView) : null };
  }
  // The refusal is kept as the server coded it (code, params, field problems), so the screen can say why in the
  // worker's language, and a completion refused for empty fields names them.
  return {
    kind: 'rejected',
    status: response.status,
    code,
    message: body?.error.message ?? '',
    params: body?.error.params ?? {},
    details: { ...details, fields: body?.error.fields },
  };
}
