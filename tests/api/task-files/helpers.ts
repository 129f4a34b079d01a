import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { tasks } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { call, type CallOptions } from '../setup/http';

type Handler = Parameters<typeof call>[0];

/** A multipart body with one `file` part and, when given, a `description` part. */
export function fileForm(name: string, bytes: Uint8Array, description?: string): FormData {
  const data = new FormData();
  data.append('file', new File([bytes as BlobPart], name));
  if (description !== undefined) data.set('description', description);
  return data;
}

export async function callAny<T>(handler: Handler, options: CallOptions): Promise<{ status: number; body: T; response: Response }> {
  const response = await call(handler, options);
  const text = await response.clone().text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // A served file: its bytes are read from `response`.
  }
  return { status: response.status, body: body as T, response };
}

/** Every stored file under the storage folder, so a test sees that a refused upload left nothing behind. */
export function storedFileCount(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

export function storedPath(folder: string, storageKey: string): string {
  return path.join(folder, ...storageKey.split('/'));
}

export async function updatedOf(taskId: number): Promise<number> {
  const db = await getDb();
  const [task] = await db.select({ updated: tasks.updated }).from(tasks).where(eq(tasks.id, taskId));
  return task.updated.getTime();
}
