'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { api, ApiError } from '@/lib/client/api';
import { recordDrawerKeys } from '@/lib/client/query-keys';
import type { FieldProblems } from '@/lib/contract/errors';

/**
 * Loads the record a drawer edits each time the drawer opens on it. `path` null means a new record. Each opening
 * reads afresh (the answer of an earlier opening is never shown) and fills the form once: nothing refetches the
 * record while the drawer is open, so what the user types is never reset under them. A failed load hands the error
 * over so the drawer can close (spec 03 §4).
 */
export function useDrawerRecord<T>({
  open,
  path,
  onLoaded,
  onFailed,
  quietStatuses = [],
}: {
  open: boolean;
  path: string | null;
  onLoaded: (record: T | null) => void;
  onFailed: (error: unknown) => void;
  /** Statuses the drawer explains itself in onFailed, without the global notice (see api()). */
  quietStatuses?: readonly number[];
}) {
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening((count) => count + 1);
  }
  const loaded = useEffectEvent(onLoaded);
  const failed = useEffectEvent(onFailed);
  const handled = useRef<string | null>(null);
  const record = useQuery({
    queryKey: recordDrawerKeys.record(path ?? '', opening),
    queryFn: () => api<T>(path ?? '', { quietStatuses: [...quietStatuses] }),
    enabled: open && path !== null,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });

  // A layout effect, so the filled form is what the first frame after loading shows.
  useLayoutEffect(() => {
    if (!open) return;
    const reading = `${opening} ${path ?? ''}`;
    if (handled.current === reading) return;
    if (path === null) loaded(null);
    else if (record.isSuccess) loaded(record.data);
    else if (record.isError) failed(record.error);
    else return;
    handled.current = reading;
  }, [open, opening, path, record.isSuccess, record.isError, record.data, record.error]);

  return { loading: open && path !== null && record.isPending };
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * The field errors of a 400 answer (or of another status the caller names, such as a 422 business rule that points
 * at a field), keyed by the body path the server names (e.g. billingContact.email).
 */
export function serverFieldErrors(error: unknown, statuses: readonly number[] = [400]): FieldProblems | null {
  return error instanceof ApiError && statuses.includes(error.status) && error.fields ? error.fields : null;
}
