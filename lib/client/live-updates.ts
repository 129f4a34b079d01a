'use client';

import { useEffect, useState } from 'react';

export type SyncStatus = 'ok' | 'notConnected' | 'failed';

export interface TaskChangeMessage {
  id: number;
  taskId: number;
  kind: string;
  task: Record<string, unknown> & { updated?: string };
  created: string;
}

type Listener = (change: TaskChangeMessage) => void;
const listeners = new Set<Listener>();
type PositionListener = (event: { userId: number }) => void;
const positionListeners = new Set<PositionListener>();

/**
 * Set while the user signs out: the server ends the stream with the session, and that end is expected, not a reason
 * to ask who is signed in and send the user to the login page while the sign-out goes to its own page.
 */
let signingOut = false;

/** The user chose to sign out: the stream's end that follows is theirs. Undone when the sign-out fails. */
export function expectStreamEndForSignOut(signOut: boolean = true): void {
  signingOut = signOut;
}

/** Where a stream not yet open starts from, and how to move an open one back. */
let firstEventId: string | null = null;
let resumeOpenStream: ((changeSeq: number) => void) | null = null;

/**
 * A server-rendered screen read its tasks just after the tenant's change `changeSeq`: the stream replays every
 * change after it, so nothing committed between that read and the stream's start is missed. A stream not yet open
 * starts there; an open one that may have started later reconnects from there (replayed changes the screen already
 * has are ignored as not newer).
 */
export function resumeStreamAfter(changeSeq: number): void {
  if (resumeOpenStream) resumeOpenStream(changeSeq);
  else firstEventId = String(changeSeq);
}

/** Screens that show tasks subscribe here to merge changes in; the shell owns the one stream. */
export function onTaskChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A change replaces what a screen holds only when it is newer: late or replayed events never go back in time. */
/** The tracking screen listens here: a worker's latest position moved, read the positions again. */
export function onWorkerPosition(listener: PositionListener): () => void {
  positionListeners.add(listener);
  return () => {
    positionListeners.delete(listener);
  };
}

export function isNewer(incoming: { updated?: string }, held: { updated?: string } | undefined): boolean {
  if (!held?.updated || !incoming.updated) return true;
  return new Date(incoming.updated).getTime() > new Date(held.updated).getTime();
}

export const reconnectDelayMs = { min: 5000, max: 20000 } as const;

export function randomReconnectDelay(random: () => number = Math.random): number {
  return reconnectDelayMs.min + Math.floor(random() * (reconnectDelayMs.max - reconnectDelayMs.min));
}

/**
 * Keeps the task stream open while `enabled`. A closed stream is retried after a random 5 to 20 seconds;
 * a 401 signs the user out; a failure with no answer at all means "not connected".
 */
export function useTaskStream(enabled: boolean, onUnauthorized: () => void): SyncStatus {
  const [status, setStatus] = useState<SyncStatus>('ok');
  useEffect(() => {
    if (!enabled) return;
    signingOut = false;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let lastEventId: string | null = firstEventId;
    firstEventId = null;
    let stopped = false;

    const connect = () => {
      const query = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
      source = new EventSource(`/api/web/tasks/stream${query}`);
      source.onopen = () => setStatus('ok');
      source.addEventListener('task', (event) => {
        const message = event as MessageEvent<string>;
        lastEventId = message.lastEventId || lastEventId;
        const change = JSON.parse(message.data) as TaskChangeMessage;
        listeners.forEach((listener) => listener(change));
      });
      source.addEventListener('position', (event) => {
        const position = JSON.parse((event as MessageEvent<string>).data) as { userId: number };
        positionListeners.forEach((listener) => listener(position));
      });
      source.onerror = () => {
        source?.close();
        if (stopped || signingOut) return;
        void fetch('/api/web/users/me', { credentials: 'same-origin' })
          .then((response) => {
            if (response.status === 401) onUnauthorized();
            else setStatus('failed');
          })
          .catch(() => setStatus('notConnected'));
        retry = setTimeout(connect, randomReconnectDelay());
      };
    };
    connect();
    resumeOpenStream = (changeSeq) => {
      // Delivered ids below changeSeq mean every change after it is still to come; otherwise the start is unknown.
      if (lastEventId !== null && Number(lastEventId) < changeSeq) return;
      lastEventId = String(changeSeq);
      clearTimeout(retry);
      source?.close();
      connect();
    };
    return () => {
      stopped = true;
      resumeOpenStream = null;
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, onUnauthorized]);
  return status;
}
