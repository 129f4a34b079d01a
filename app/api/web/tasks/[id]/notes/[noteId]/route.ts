import { NoteBody, NoteParams } from '@/lib/contract/task-notes';
import { route } from '@/lib/server/http/route';
import { deleteNote, editNote } from '@/lib/server/tasks/notes/notes';

export const PUT = route(
  {
    roles: ['tasksManager'],
    params: NoteParams,
    body: NoteBody,
    refusals: ['note.notFound', 'task.cancelled', 'task.notFound'],
  },
  ({ ctx, params, body }) =>
    editNote(ctx, params.id, params.noteId, body.note),
);

export const DELETE = route(
  {
    roles: ['tasksManager'],
    params: NoteParams,
    refusals: ['note.notFound', 'task.cancelled', 'task.notFound'],
  },
  ({ ctx, params }) =>
    deleteNote(ctx, params.id, params.noteId),
);
