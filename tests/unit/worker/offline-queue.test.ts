import { describe, expect, it } from 'vitest';
import {
  flushQueue,
  memoryQueueStore,
  singleFlight,
  type NewQueueItem,
  type QueueItem,
  type SendOutcome,
} from '@/lib/client/worker/queue';
import type { TaskView } from '@/lib/contract/tasks';

const madeAt = '2026-11-26T09:32:00.000Z';
const note = (taskId: number, text: string, key = `note-${text}`): NewQueueItem => ({ kind: 'note', note: text, taskId, key, madeAt });
const status = (taskId: number, statusId: 2 | 3 | 4, baseUpdated?: string, key = `status-${taskId}-${statusId}`): NewQueueItem => ({
  kind: 'status',
  body: { statusId },
  taskId,
  key,
  madeAt,
  ...(baseUpdated ? { baseUpdated } : {}),
});
const conflictNote = (item: Extract<QueueItem, { kind: 'status' }>) => `Offline change not applied: status ${item.body.statusId}`;
const taskAt = (updated: string) => ({ id: 1, updated }) as TaskView;

/** A server stand-in that answers from a script per key and records what reached it. */
function server(script: Record<string, SendOutcome[]> = {}) {
  const received: QueueItem[] = [];
  const send = async (item: QueueItem): Promise<SendOutcome> => {
    received.push(item);
    return script[item.key]?.shift() ?? { kind: 'done' };
  };
  return { received, send };
}

describe('the offline queue', () => {
  it('sends the items strictly in the order they were made, and empties the queue', async () => {
    const store = memoryQueueStore();
    await store.add(status(1, 2));
    await store.add(note(1, 'gate code 4411'));
    await store.add(status(1, 4));
    const { received, send } = server();
    const result = await flushQueue(store, send, conflictNote);
    expect(received.map((item) => item.key)).toEqual(['status-1-2', 'note-gate code 4411', 'status-1-4']);
    expect(result).toEqual({ sent: 3, stopped: false, remaining: 0 });
    expect(store.items).toEqual([]);
  });

  it('stops at the first item that must wait and keeps it and everything after it for the next flush', async () => {
    const store = memoryQueueStore();
    await store.add(note(1, 'first'));
    await store.add(note(1, 'second'));
    await store.add(note(1, 'third'));
    const { received, send } = server({ 'note-second': [{ kind: 'later' }] });
    expect(await flushQueue(store, send, conflictNote)).toEqual({ sent: 1, stopped: true, remaining: 2 });
    expect(received.map((item) => item.key)).toEqual(['note-first', 'note-second']);
    expect(store.items.map((item) => item.key)).toEqual(['note-second', 'note-third']);

    await flushQueue(store, send, conflictNote);
    expect(received.map((item) => item.key)).toEqual(['note-first', 'note-second', 'note-second', 'note-third']);
    expect(store.items).toEqual([]);
  });

  it('retries an item with the same idempotency key, so the server can answer the replay instead of applying it twice', async () => {
    const store = memoryQueueStore();
    await store.add(note(1, 'once', 'key-once'));
    const { received, send } = server({ 'key-once': [{ kind: 'later' }, { kind: 'later' }] });
    await flushQueue(store, send, conflictNote);
    await flushQueue(store, send, conflictNote);
    await flushQueue(store, send, conflictNote);
    expect(received.map((item) => item.key)).toEqual(['key-once', 'key-once', 'key-once']);
    expect(store.items).toEqual([]);
  });

  it('never sends an item twice when flushes are triggered together (the online event and a new change)', async () => {
    const store = memoryQueueStore();
    await store.add(note(1, 'a'));
    await store.add(note(1, 'b'));
    const { received, send } = server();
    const slowSend = async (item: QueueItem) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return send(item);
    };
    const flush = singleFlight(() => flushQueue(store, slowSend, conflictNote));
    const first = flush();
    const second = flush();
    await store.add(note(1, 'c'));
    const third = flush();
    await Promise.all([first, second, third]);
    expect(received.map((item) => item.key)).toEqual(['note-a', 'note-b', 'note-c']);
    expect(store.items).toEqual([]);
  });

  it('sends after the online event that came while a flush made offline was still failing', async () => {
    const store = memoryQueueStore();
    await store.add(note(1, 'offline'));
    const { received, send } = server();
    let online = false;
    let onlineEvent: () => Promise<unknown> = async () => undefined;
    const sendWhenOnline = async (item: QueueItem): Promise<SendOutcome> => {
      if (!online) {
        // The network comes back while this attempt is still failing: the page's online event calls flush.
        online = true;
        void onlineEvent();
        return { kind: 'later' };
      }
      return send(item);
    };
    const flush = singleFlight(() => flushQueue(store, sendWhenOnline, conflictNote));
    onlineEvent = flush;
    await flush();
    expect(received.map((item) => item.key)).toEqual(['note-offline']);
    expect(store.items).toEqual([]);
  });

  it('drops an item the server refuses for good, reports it and goes on with the next', async () => {
    const store = memoryQueueStore();
    await store.add(status(1, 4));
    await store.add(note(1, 'after'));
    const refusal: SendOutcome = { kind: 'rejected', status: 404, code: 'request.notFound' };
    const { received, send } = server({ 'status-1-4': [refusal] });
    const rejected: string[] = [];
    await flushQueue(store, send, conflictNote, { rejected: (item) => rejected.push(item.key) });
    expect(rejected).toEqual(['status-1-4']);
    expect(received.map((item) => item.key)).toEqual(['status-1-4', 'note-after']);
    expect(store.items).toEqual([]);
  });

  it('on a 409 keeps what the worker did as a note in the same place, with a key of its own, and reports the office version', async () => {
    const store = memoryQueueStore();
    await store.add(status(1, 4, '2026-11-26T08:00:00.000Z', 'complete'));
    await store.add(note(1, 'left the keys at reception', 'later-note'));
    const office = taskAt('2026-11-26T09:00:00.000Z');
    const { received, send } = server({ complete: [{ kind: 'conflict', office }] });
    const conflicts: Array<TaskView | null> = [];
    await flushQueue(store, send, conflictNote, { conflict: (_item, version) => conflicts.push(version) });
    expect(conflicts).toEqual([office]);
    expect(received.map((item) => [item.key, item.kind === 'note' ? item.note : item.kind])).toEqual([
      ['complete', 'status'],
      ['complete.conflict', 'Offline change not applied: status 4'],
      ['later-note', 'left the keys at reception'],
    ]);
    expect(store.items).toEqual([]);
  });

  it('keeps the conflict note queued when the network drops right after the 409', async () => {
    const store = memoryQueueStore();
    await store.add(status(1, 2, '2026-11-26T08:00:00.000Z', 'start'));
    const { send } = server({ start: [{ kind: 'conflict', office: null }], 'start.conflict': [{ kind: 'later' }] });
    await flushQueue(store, send, conflictNote);
    expect(store.items.map((item) => [item.key, item.kind])).toEqual([['start.conflict', 'note']]);
  });

  it('compares a later offline status change against the version the worker’s own earlier write produced', async () => {
    const store = memoryQueueStore();
    await store.add(status(1, 2, 'v0', 'start'));
    await store.add(status(1, 4, 'v0', 'complete'));
    await store.add(status(2, 2, 'w0', 'other-task'));
    const { received, send } = server({ start: [{ kind: 'done', task: taskAt('v1') }] });
    await flushQueue(store, send, conflictNote);
    expect(received.map((item) => [item.key, item.baseUpdated])).toEqual([
      ['start', 'v0'],
      ['complete', 'v1'],
      ['other-task', 'w0'],
    ]);
  });

  it('sends a later status change without the check when the earlier write did not say the new version', async () => {
    const store = memoryQueueStore();
    await store.add({ kind: 'photo', file: new Blob(['x']), filename: 'a.jpg', taskId: 1, key: 'photo', madeAt });
    await store.add(status(1, 4, 'v0', 'complete'));
    const { received, send } = server({ photo: [{ kind: 'done' }] });
    await flushQueue(store, send, conflictNote);
    expect(received[1]).toMatchObject({ key: 'complete' });
    expect(received[1].baseUpdated).toBeUndefined();
  });
});
