'use client';

import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { NoteView } from '@/lib/contract/task-notes';
import type { WorkerTasksResponse } from '@/lib/contract/worker';
import type { NewQueueItem, QueueItem, QueueStore } from './queue';

interface WorkerDb extends DBSchema {
  queue: { key: number; value: QueueItem };
  /** The last answer of GET worker/tasks, under the key 'days'. */
  tasks: { key: string; value: { response: WorkerTasksResponse; savedAt: string } };
  /** The last notes read per task, so an opened task shows them offline. */
  notes: { key: number; value: { taskId: number; notes: NoteView[] } };
}

export type WorkerDatabase = IDBPDatabase<WorkerDb>;

const opened = new Map<number, Promise<WorkerDatabase>>();

/** One database per signed-in user: a shared phone never sends one worker's queue with another worker's session. */
export function workerDatabase(userId: number): Promise<WorkerDatabase> {
  let db = opened.get(userId);
  if (!db) {
    db = openDB<WorkerDb>(`fieldops-worker-${userId}`, 1, {
      upgrade(database) {
        database.createObjectStore('queue', { keyPath: 'id', autoIncrement: true });
        database.createObjectStore('tasks');
        database.createObjectStore('notes', { keyPath: 'taskId' });
      },
    });
    opened.set(userId, db);
  }
  return db;
}

export function indexedDbQueue(db: WorkerDatabase): QueueStore {
  return {
    all: () => db.getAll('queue'),
    async add(item: NewQueueItem) {
      // The store assigns the id; the object stored must not carry one for autoIncrement to apply.
      const id = await db.add('queue', item as QueueItem);
      return { ...item, id } as QueueItem;
    },
    async put(item) {
      await db.put('queue', item);
    },
    remove: (id) => db.delete('queue', id),
  };
}

export async function readCachedTasks(db: WorkerDatabase) {
  return (await db.get('tasks', 'days')) ?? null;
}

export async function cacheTasks(db: WorkerDatabase, response: WorkerTasksResponse): Promise<void> {
  await db.put('tasks', { response, savedAt: new Date().toISOString() }, 'days');
}

export async function readCachedNotes(db: WorkerDatabase, taskId: number): Promise<NoteView[] | null> {
  return (await db.get('notes', taskId))?.notes ?? null;
}

export async function cacheNotes(db: WorkerDatabase, taskId: number, notes: NoteView[]): Promise<void> {
  await db.put('notes', { taskId, notes });
}
