'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiBase } from '@/lib/client/api';
import type { MissingCustomField, TaskView } from '@/lib/contract/tasks';
import type { WorkerCustomField, WorkerTasksResponse } from '@/lib/contract/worker';
import { cacheTasks, indexedDbQueue, readCachedTasks, workerDatabase, type WorkerDatabase } from './offline-db';
import { missingFieldsOf, newIdempotencyKey, withPendingStatus } from './pending';
import {
  flushQueue,
  memoryQueueStore,
  singleFlight,
  type ConflictNote,
  type FlushResult,
  type QueueItem,
  type QueueStore,
  type QueuedWrite,
} from './queue';
import { sendQueueItem } from './sender';
import type { CodedText } from '@/lib/client/error-text';

export interface TaskConflict {
  office: TaskView | null;
  /** What the worker did, as the note kept it. */
  note: string;
}

export interface WorkerData {
  /** Null until the cache or the network answered. */
  tasks: TaskView[] | null;
  /** The custom fields of the tasks' types (a completion field's type and options), saved with the tasks. */
  customFields: WorkerCustomField[];
  /** When the tasks shown come from the device's copy because the network did not answer: when it was saved. */
  offlineCopyFrom: string | null;
  queue: QueueItem[];
  conflicts: ReadonlyMap<number, TaskConflict>;
  missing: ReadonlyMap<number, MissingCustomField[]>;
  /** A write refused for good, by task, so the screen can say it did not go through. */
  refused: ReadonlyMap<number, CodedText>;
  db: WorkerDatabase | null;
  enqueue(taskId: number, write: QueuedWrite): Promise<void>;
  sync(): void;
  reload(): Promise<void>;
}

const noFields: WorkerCustomField[] = [];

type Loaded = { tasks: TaskView[]; customFields: WorkerCustomField[]; offlineCopyFrom: string | null };

/** The days' tasks from the network, saved for offline use; without a network the saved copy, or null. */
async function loadTasks(db: WorkerDatabase | null, onSignedOut: () => void): Promise<Loaded | null> {
  try {
    const response = await fetch(`${apiBase}worker/tasks`, { credentials: 'same-origin' });
    if (response.status === 401) onSignedOut();
    if (response.ok) {
      const fresh = (await response.json()) as WorkerTasksResponse;
      if (db) await cacheTasks(db, fresh).catch(() => undefined);
      return { tasks: fresh.tasks, customFields: fresh.customFields, offlineCopyFrom: null };
    }
  } catch {
    // No network: the saved copy below.
  }
  const cached = db ? await readCachedTasks(db).catch(() => null) : null;
  // A copy saved before the fields came with the tasks has none: its select fields are then filled as text.
  return cached ? { tasks: cached.response.tasks, customFields: cached.response.customFields ?? [], offlineCopyFrom: cached.savedAt } : null;
}

/**
 * The worker view's data: the days' tasks from the network, kept in IndexedDB and read from there offline; every
 * write goes through the queue, which syncs now when online, on the `online` event and when the view opens.
 */
export function useWorkerData(userId: number, conflictNote: ConflictNote): WorkerData {
  const [db, setDb] = useState<WorkerDatabase | null>(null);
  const [store, setStore] = useState<QueueStore | null>(null);
  const router = useRouter();
  const [server, setServer] = useState<Loaded | null>(null);
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const [conflicts, setConflicts] = useState<Map<number, TaskConflict>>(new Map());
  const [missing, setMissing] = useState<Map<number, MissingCustomField[]>>(new Map());
  const [refused, setRefused] = useState<Map<number, CodedText>>(new Map());
  const noteRef = useRef(conflictNote);
  const tasksRef = useRef<TaskView[]>([]);
  const fieldsRef = useRef<WorkerCustomField[]>([]);
  const missingRef = useRef<ReadonlyMap<number, MissingCustomField[]>>(missing);

  useEffect(() => {
    noteRef.current = conflictNote;
  }, [conflictNote]);
  useEffect(() => {
    tasksRef.current = server?.tasks ?? [];
    fieldsRef.current = server?.customFields ?? [];
  }, [server]);
  useEffect(() => {
    missingRef.current = missing;
  }, [missing]);

  useEffect(() => {
    let live = true;
    workerDatabase(userId)
      .then((database) => {
        if (!live) return;
        setDb(database);
        setStore(indexedDbQueue(database));
      })
      .catch(() => {
        // Private browsing may refuse IndexedDB: the view still works online, with the queue in memory.
        if (live) setStore(memoryQueueStore());
      });
    return () => {
      live = false;
    };
  }, [userId]);

  const reload = useCallback(
    () =>
      loadTasks(db, () => router.replace('/app/login')).then((loaded) => {
        // A fresh answer replaces what is shown; a saved copy only fills an empty screen (it is never newer).
        setServer((current) => (loaded && !loaded.offlineCopyFrom ? loaded : (current ?? loaded ?? { tasks: [], customFields: [], offlineCopyFrom: null })));
      }),
    [db, router],
  );

  const flushRef = useRef<(() => Promise<FlushResult>) | null>(null);
  useEffect(() => {
    if (!store) return;
    flushRef.current = singleFlight(async () => {
      // The pending list follows each item as it is settled, not only the whole flush.
      const showQueue = () => void store.all().then(setQueue);
      const replaceTask = (task: TaskView) =>
        setServer((current) =>
          current ? { ...current, tasks: current.tasks.map((candidate) => (candidate.id === task.id ? task : candidate)) } : current,
        );
      const result = await flushQueue(store, sendQueueItem, (item) => noteRef.current(item), {
        conflict(item, office) {
          showQueue();
          if (office) replaceTask(office);
          setConflicts((current) => new Map(current).set(item.taskId, { office, note: noteRef.current(item) }));
        },
        rejected(item, outcome) {
          showQueue();
          const task = tasksRef.current.find((candidate) => candidate.id === item.taskId);
          const known = [...fieldsRef.current, ...(missingRef.current.get(item.taskId) ?? [])];
          const fields = item.kind === 'status' ? missingFieldsOf(outcome.details, task, known) : [];
          if (fields.length > 0) setMissing((current) => new Map(current).set(item.taskId, fields));
          else {
            const refusal: CodedText = { code: outcome.code, params: outcome.params ?? {}, message: outcome.message ?? '' };
            setRefused((current) => new Map(current).set(item.taskId, refusal));
          }
        },
        sent(item, task) {
          showQueue();
          // The answer's view replaces the task at once, so the screen never falls back to the old status between
          // the queue emptying and the list being read again.
          if (task) replaceTask(task);
          if (item.kind === 'status') {
            setMissing((current) => {
              const next = new Map(current);
              next.delete(item.taskId);
              return next;
            });
          }
        },
      });
      setQueue(await store.all());
      return result;
    });
  }, [store]);

  const sync = useCallback(() => {
    void flushRef.current?.().then((result) => {
      if (result.sent > 0) void reload();
    });
  }, [reload]);

  useEffect(() => {
    if (!store) return;
    void store.all().then(setQueue);
    void reload();
    sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [store, reload, sync]);

  const enqueue = useCallback(
    async (taskId: number, write: QueuedWrite) => {
      if (!store) return;
      const task = tasksRef.current.find((candidate) => candidate.id === taskId);
      // Only a change made offline carries the version it saw; see QueueItem.baseUpdated.
      const baseUpdated = write.kind === 'status' && !navigator.onLine && task ? task.updated : undefined;
      await store.add({ ...write, taskId, key: newIdempotencyKey(), madeAt: new Date().toISOString(), ...(baseUpdated ? { baseUpdated } : {}) });
      setRefused((current) => {
        const next = new Map(current);
        next.delete(taskId);
        return next;
      });
      setQueue(await store.all());
      sync();
    },
    [store, sync],
  );

  const tasks = useMemo(() => server?.tasks.map((task) => withPendingStatus(task, queue)) ?? null, [server, queue]);
  const customFields = server?.customFields ?? noFields;
  return { tasks, customFields, offlineCopyFrom: server?.offlineCopyFrom ?? null, queue, conflicts, missing, refused, db, enqueue, sync, reload };
}
