import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/lib/server/core/env';

/** Where uploaded bytes live. The local folder is the default; an S3-compatible store can take its place. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  read(key: string): Promise<Uint8Array>;
  remove(key: string): Promise<void>;
}

/** tenant id / random uuid: generated here, never taken from an upload's name. */
const keyPattern = /^\d+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newStorageKey(tenantId: number): string {
  return `${tenantId}/${randomUUID()}`;
}

/**
 * Refuses any key this module did not make, so no key can reach outside the storage folder. The folder is read at
 * run time: the comments keep the build from tracing it (or the whole project) into its output.
 */
function pathOf(root: string, key: string): string {
  if (!keyPattern.test(key)) throw new Error('storage: malformed key');
  return path.join(/* turbopackIgnore: true */ root, ...key.split('/'));
}

export function localStorage(root: string = env.storageDir): FileStorage {
  return {
    async put(key, bytes) {
      const file = pathOf(root, key);
      await mkdir(/* turbopackIgnore: true */ path.dirname(file), { recursive: true });
      await writeFile(/* turbopackIgnore: true */ file, bytes, { flag: 'wx', mode: 0o600 });
    },
    async read(key) {
      return new Uint8Array(await readFile(/* turbopackIgnore: true */ pathOf(root, key)));
    },
    async remove(key) {
      await rm(/* turbopackIgnore: true */ pathOf(root, key), { force: true });
    },
  };
}

/** The configured storage. */
export function fileStorage(): FileStorage {
  return localStorage();
}
