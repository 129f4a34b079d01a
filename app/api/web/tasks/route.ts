import { CreateTaskBody, taskContentRefusals, TaskListQuery } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { taskAttachmentRule } from '@/lib/server/integrations/storage/uploads';
import { streamTasks } from '@/lib/server/tasks/read';
import { createTaskFromForm } from '@/lib/server/tasks/write';

export const dynamic = 'force-dynamic';

export const GET = route({ roles: ['tasksManager'], query: TaskListQuery }, ({ ctx, query }) => streamTasks(ctx, query));

/** Multipart: the JSON part 'task' and 'file' parts. */
export const POST = route(
  {
    refusals: taskContentRefusals,
    roles: ['tasksManager'],
    upload: {
      parts: [
        { name: 'task', kind: 'json', required: true, schema: CreateTaskBody, description: 'The task, as JSON.' },
        { name: 'file', kind: 'file', repeated: true, accept: taskAttachmentRule, description: 'PDF or CSV attachments, together under 10 MB.' },
      ],
      formBytes: 1024 * 1024,
      acceptsUrlEncoded: true,
    },
  },
  async ({ ctx, upload }) => {
    const { task, file } = await upload();
    return createTaskFromForm(ctx, { task, files: file });
  },
);
