'use client';

import { api, ApiError } from '@/lib/client/api';
import type { NoteCreated, NoteDeleted, NoteEdited, NoteView } from '@/lib/contract/task-notes';
import { TaskErrorCode } from '@/lib/contract/tasks';

/** Failures the tab explains itself with a warning; 401, 403 and lost connections keep their global notices. */
const quietStatuses = [400, 422, 500, 502, 503, 504];

export const fetchNotes = (taskId: number) => api<NoteView[]>(`tasks/${taskId}/notes`, { quietStatuses });

export const postNote = (taskId: number, note: string) =>
  api<NoteCreated>(`tasks/${taskId}/notes`, { method: 'POST', json: { note }, quietStatuses });

export const putNote = (taskId: number, noteId: number, note: string) =>
  api<NoteEdited>(`tasks/${taskId}/notes/${noteId}`, { method: 'PUT', json: { note }, quietStatuses });

export const deleteNote = (taskId: number, noteId: number) =>
  api<NoteDeleted>(`tasks/${taskId}/notes/${noteId}`, { method: 'DELETE', quietStatuses });

/**
 * Why a note call failed, for the warning to show: the note is gone, the task was cancelled meanwhile, some other
 * failure, or `notified` when api() already showed a global notice (no connection, 401, 403).
 */
export type NoteFailure = 'gone' | 'cancelled' | 'failed' | 'notified';

export function noteFailure(error: unknown): NoteFailure {
  if (!(error instanceof ApiError) || error.status === 401 || error.status === 403) return 'notified';
  if (error.status === 404) return 'gone';
  if (error.status === 422 && error.code === TaskErrorCode.cancelledReadOnly) return 'cancelled';
  return 'failed';
}
