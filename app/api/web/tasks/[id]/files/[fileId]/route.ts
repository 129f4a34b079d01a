import { ServeFileQuery, TaskFileParams } from '@/lib/contract/task-files';
import { route } from '@/lib/server/http/route';
import { deleteTaskFile, replaceTaskFile, taskImageRule } from '@/lib/server/tasks/files/files';
import { serveTaskFile } from '@/lib/server/tasks/files/serve';

/** The bytes; `?download=1` asks for a download, otherwise images and PDF open inline. */
/** A worker reads the attachments of their own tasks; replacing and deleting stay with managers. */
export const GET = route(
  {
    roles: ['tasksManager', 'assignee'],
    params: TaskFileParams,
    query: ServeFileQuery,
    refusals: ['task.notFound', 'taskFile.notFound'],
  },
  ({ ctx, params, query }) => serveTaskFile(ctx, params.id, params.fileId, query.download === '1'),
);

/** Multipart: one part `file`, an image under 10MB, replacing the attachment's bytes and name. */
export const PUT = route(
  {
    refusals: ['task.cancelled', 'task.notFound', 'taskFile.notFound'],
    roles: ['tasksManager'],
    params: TaskFileParams,
    upload: { parts: [{ name: 'file', kind: 'file', required: true, accept: taskImageRule, description: 'An image under 10 MB.' }] },
  },
  ({ ctx, params, upload }) => replaceTaskFile(ctx, params.id, params.fileId, upload),
);

export const DELETE = route(
  {
    roles: ['tasksManager'],
    params: TaskFileParams,
    refusals: ['task.cancelled', 'task.notFound', 'taskFile.notFound'],
  },
  ({ ctx, params }) =>
    deleteTaskFile(ctx, params.id, params.fileId),
);
