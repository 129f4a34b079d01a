import { FileDescriptionBody, TaskFileParams } from '@/lib/contract/task-files';
import { route } from '@/lib/server/http/route';
import { describeTaskFile } from '@/lib/server/tasks/files/files';

export const PUT = route(
  {
    roles: ['tasksManager'],
    params: TaskFileParams,
    body: FileDescriptionBody,
    refusals: ['task.cancelled', 'task.notFound', 'taskFile.notFound'],
  },
  ({ ctx, params, body }) => describeTaskFile(ctx, params.id, params.fileId, body),
);
