import { z } from 'zod';
import { Id } from './ids';
import type { TaskView } from './tasks';

export const noteLimits = {
  /** Spec 01 §9: the notes table shows five notes a page, newest first. */
  pageSize: 5,
  textMax: 5000,
} as const;

export const noteMessages = {
  required: 'Please Input Note!',
  tooLong: 'A note can be at most 5000 characters.',
  notFound: 'The note does not exist any more.',
  cancelledTask: 'Notes of a cancelled task cannot be added, edited or deleted.',
} as const;

export const NoteParams = z.object({ id: Id, noteId: Id });

/** POST tasks/{id}/notes and PUT tasks/{id}/notes/{noteId}: text that is not blank once trimmed. */
export const NoteBody = z.object({
  note: z.string({ error: noteMessages.required }).trim().min(1, noteMessages.required).max(noteLimits.textMax, noteMessages.tooLong),
});
export type NoteBody = z.infer<typeof NoteBody>;

/** One note as GET tasks/{id}/notes lists it; `date` is when it was written (ISO). */
export interface NoteView {
  id: number;
  note: string;
  authorId: number | null;
  /** The author's full name; null when no person wrote it (an API key) or the author is gone. */
  authorName: string | null;
  date: string;
  /** When the text last changed (ISO); `date` until edited. */
  updated: string;
  /** The text was changed after it was written. */
  edited: boolean;
}

/** Every note write answers the task's new view too, so the drawer keeps the `updated` it will send next. */
export interface NoteCreated extends NoteView {
  task: TaskView;
}

/** PUT tasks/{id}/notes/{noteId} answers {id, note} as the spec shows, with the task's new view. */
export interface NoteEdited {
  id: number;
  note: string;
  task: TaskView;
}

export interface NoteDeleted {
  id: number;
  task: TaskView;
}
