import type { WorkerStatusBody } from '@/lib/contract/worker';
import type { TaskView } from '@/lib/contract/tasks';
import type { ProblemParams } from '@/lib/contract/errors';

/** One write the worker made, waiting to reach the server; `key` is its Idempotency-Key for every attempt. */
export type QueuedWrite =
  | { kind: 'status'; body: WorkerStatusBody }
  | { kind: 'note'; note: string }
  | { kind: 'photo'; file: Blob; filename: string }
  | { kind: 'signature'; file: Blob };

export type QueueItem = QueuedWrite & {
  /** Order of the queue: assigned by the store, increasing. */
  id: number;
  key: string;
  taskId: number;
  /** When the worker made the change (ISO), for the pending list and the conflict note. */
  madeAt: string;
  /**
   * The task's `updated` the device saw when a status change was made offline; sent as `updated` so an office change
   * made meanwhile answers 409. Absent for changes made online: those apply over whatever the office did.
   */
  baseUpdated?: string;
};

/** A queue item before the store numbered it (Omit distributed over the kinds, so each keeps its own fields). */
export type NewQueueItem = QueueItem extends infer Item ? (Item extends QueueItem ? Omit<Item, 'id'> : never) : never;

export type StatusQueueItem = Extract<QueueItem, { kind: 'status' }>;

/** Where the queue lives: IndexedDB in the browser, an array in the unit tests. */
export interface QueueStore {
  /** Every item, oldest first. */
  all(): Promise<QueueItem[]>;
  add(item: NewQueueItem): Promise<QueueItem>;
  /** Replaces the item with the same id, keeping its place. */
  put(item: QueueItem): Promise<void>;
  remove(id: number): Promise<void>;
}

/**
 * What sending one item gave: `done` with the task's new view when the answer carried one; `conflict` on a 409
 * STALE_UPDATE with the office version; `rejected` for a definitive refusal (a 4xx that a retry cannot change);
 * `later` when the network or the server failed and the item must wait.
 */
export type SendOutcome =
  | { kind: 'done'; task?: TaskView }
  | { kind: 'conflict'; office: TaskView | null }
  | { kind: 'rejected'; status: number; code: string; message?: string; params?: ProblemParams; details?: Record<string, unknown> }
  | { kind: 'later' };

export type Sender = (item: QueueItem) => Promise<SendOutcome>;

export interface FlushEvents {
  /** A status change lost against an office change; the item becomes a note saying what the worker did. */
  conflict?(item: StatusQueueItem, office: TaskView | null): void;
  rejected?(item: QueueItem, outcome: Extract<SendOutcome, { kind: 'rejected' }>): void;
  sent?(item: QueueItem, task: TaskView | undefined): void;
}

export interface FlushResult {
  sent: number;
  /** True when the flush stopped on an item that must wait (offline, server failure). */
  stopped: boolean;
  remaining: number;
}

/** The note that keeps a worker's status change the office's version overruled; the caller translates the words. */
export type ConflictNote = (item: StatusQueueItem) => string;

/**
 * Sends the queue strictly in order, one item at a time. An item leaves the store only after a 2xx or a definitive
 * refusal; on anything else the flush stops and keeps it and everything after it, so the order holds on the next try.
 * A status change answered 409 is replaced, in its place, by a note saying what the worker did (a new key, derived
 * from the old one, so a replay of that note is answered rather than added again).
 */
export async function flushQueue(
  store: QueueStore,
  send: Sender,
  conflictNote: ConflictNote,
  events: FlushEvents = {},
): Promise<FlushResult> {
  let sent = 0;
  let items = await store.all();
  while (items.length > 0) {
    const [item, ...rest] = items;
    const outcome = await send(item);
    if (outcome.kind === 'later') return { sent, stopped: true, remaining: items.length };
    if (outcome.kind === 'conflict' && item.kind === 'status') {
      const note: QueueItem = { id: item.id, key: `${item.key}.conflict`, taskId: item.taskId, madeAt: item.madeAt, kind: 'note', note: conflictNote(item) };
      await store.put(note);
      events.conflict?.(item, outcome.office);
      items = [note, ...rest];
      continue;
    }
    await store.remove(item.id);
    if (outcome.kind === 'done') {
      sent += 1;
      events.sent?.(item, outcome.task);
      await rebase(store, rest, item, outcome.task);
    } else if (outcome.kind === 'rejected' || outcome.kind === 'conflict') {
      events.rejected?.(item, outcome.kind === 'rejected' ? outcome : { kind: 'rejected', status: 409, code: 'request.duplicate' });
    }
    items = await store.all();
  }
  return { sent, stopped: false, remaining: 0 };
}

/**
 * The worker's own write moved the task's `updated`: the later offline status changes of that task were made after
 * it, so they now compare against the new value; without a new value they are sent without the check rather than
 * refused for a change the worker made.
 */
async function rebase(store: QueueStore, later: QueueItem[], done: QueueItem, task: TaskView | undefined) {
  for (const item of later) {
    if (item.taskId !== done.taskId || item.baseUpdated === undefined) continue;
    const rebased: QueueItem = { ...item };
    if (task) rebased.baseUpdated = task.updated;
    else delete rebased.baseUpdated;
    await store.put(rebased);
  }
}

/**
 * One flush at a time: a call while a flush runs (the `online` event and a new change together) waits for it and runs
 * once more after it, so an item added meanwhile is sent, and no item is ever sent by two flushes at once. The run
 * after happens even when the running flush stopped on an item that must wait: the call may be the `online` event
 * that arrived while a flush made offline was still failing, and is then the only chance to send.
 */
export function singleFlight(run: () => Promise<FlushResult>): () => Promise<FlushResult> {
  let running: Promise<FlushResult> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let result: FlushResult;
      do {
        again = false;
        result = await run();
      } while (again);
      return result;
    })().finally(() => {
      running = null;
    });
    return running;
  };
}

/** An in-memory store: the unit tests' and the fallback where IndexedDB is missing. */
export function memoryQueueStore(): QueueStore & { items: QueueItem[] } {
  let next = 1;
  const state = {
    items: [] as QueueItem[],
    all: async () => [...state.items],
    add: async (item: NewQueueItem) => {
      const stored = { ...item, id: next++ } as QueueItem;
      state.items.push(stored);
      return stored;
    },
    put: async (item: QueueItem) => {
      state.items = state.items.map((existing) => (existing.id === item.id ? item : existing));
    },
    remove: async (id: number) => {
      state.items = state.items.filter((existing) => existing.id !== id);
    },
  };
  return state;
}
