import { IdParams } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { UploadDescription } from '@/lib/contract/task-files';
import { listTaskFiles, taskImageRule, uploadTaskFile } from '@/lib/server/tasks/files/files';

/** Managers, and a worker on a task assigned to them (issue 15: photos from the worker's phone). */
const fileRoles = ['tasksManager', 'assignee'] as const;

export const GET = route(
  {
    roles: fileRoles,
    params: IdParams,
    refusals: ['task.notFound'],
  },
  ({ ctx, params }) => listTaskFiles(ctx, params.id),
);

/** Multipart: one part `file` (an image under 10MB) and an optional text part `description` (max 100). */
export const POST = route(
  {
    refusals: ['task.cancelled', 'task.notFound'],
    roles: fileRoles,
    params: IdParams,
    idempotent: true,
    upload: {
      parts: [
        { name: 'file', kind: 'file', required: true, accept: taskImageRule, description: 'An image under 10 MB.' },
        { name: 'description', kind: 'text', schema: UploadDescription, description: 'At most 100 characters.' },
      ],
    },
  },
  ({ ctx, params, upload }) => uploadTaskFile(ctx, params.id, upload),
);
