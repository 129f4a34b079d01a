'use client';

import { useEffect, useEffectEvent, useState } from 'react';
import { api, ApiError } from '@/lib/client/api';

/**
 * Loads the record a drawer edits each time the drawer opens on it. `path` null means a new record. A failed load
 * hands the error over so the drawer can close (spec 03 §4); a stale answer from an earlier opening is ignored.
 */
export function useDrawerRecord<T>({
  open,
  path,
  onLoaded,
  onFailed,
}: {
  open: boolean;
  path: string | null;
  onLoaded: (record: T | null) => void;
  onFailed: (error: unknown) => void;
}) {
  const [loadedPath, setLoadedPath] = useState<string | null>(null);
  const loaded = useEffectEvent(onLoaded);
  const failed = useEffectEvent(onFailed);

  useEffect(() => {
    if (!open) return;
    if (path === null) {
      loaded(null);
      return;
    }
    let current = true;
    api<T>(path).then(
      (record) => {
        if (!current) return;
        loaded(record);
        setLoadedPath(path);
      },
      (error: unknown) => {
        if (current) failed(error);
      },
    );
    return () => {
      current = false;
    };
  }, [open, path]);

  return {
    loading: open && path !== null && loadedPath !== path,
    /** Called when the drawer closes, so reopening the same record shows it loading rather than stale. */
    forget: () => setLoadedPath(null),
  };
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * The field errors of a 400 answer (or of another status the caller names, such as a 422 business rule that points
 * at a field), keyed by the body path the server names (e.g. billingContact.email).
 */
export function serverFieldErrors(error: unknown, statuses: readonly number[] = [400]): Record<string, string[]> | null {
  return error instanceof ApiError && statuses.includes(error.status) && error.fields ? error.fields : null;
}

/**
 * Puts a contract message into the user's language: the contract's messages are English, so the drawer lists
 * the ones it knows; a length limit is matched by pattern; anything else is shown as the server wrote it.
 */
export function localizeContractMessage(
  message: string | undefined,
  known: Record<string, string>,
  tooLong: (max: number) => string,
): string | undefined {
  if (message === undefined) return undefined;
  if (known[message]) return known[message];
  const limit = /^Must be at most (\d+) characters$/.exec(message);
  return limit ? tooLong(Number(limit[1])) : message;
}
