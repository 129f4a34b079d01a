import { IdParams } from '@/lib/contract/ids';
import { NoteBody } from '@/lib/contract/task-notes';
import { route } from '@/lib/server/http/route';
import { addNote, listNotes } from '@/lib/server/tasks/notes/notes';

// A worker reaches the notes of their own tasks only; lib/server/tasks/notes/access.ts enforces it.
export const GET = route(
  {
    roles: ['tasksManager', 'assignee'],
    params: IdParams,
    refusals: ['task.notFound'],
  },
  ({ ctx, params }) =>
    listNotes(ctx, params.id),
);

export const POST = route(
  {
    roles: ['tasksManager', 'assignee'],
    params: IdParams,
    body: NoteBody,
    idempotent: true,
    refusals: ['task.cancelled', 'task.notFound'],
  },
  ({ ctx, params, body }) => addNote(ctx, params.id, body.note),
);
