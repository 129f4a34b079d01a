import { CreateTaskBody, TaskListQuery } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { streamTasks } from '@/lib/server/tasks/read';
import { createTaskFromForm } from '@/lib/server/tasks/write';

export const dynamic = 'force-dynamic';

export const GET = route({ roles: ['tasksManager'], query: TaskListQuery }, ({ ctx, query }) => streamTasks(ctx, query));

/** Multipart: the JSON part 'task' and 'file' parts, read by the handler. */
export const POST = route(
  {
    roles: ['tasksManager'],
    upload: {
      parts: [
        { name: 'task', kind: 'json', required: true, schema: CreateTaskBody, description: 'The task, as JSON.' },
        { name: 'file', kind: 'file', repeated: true, description: 'PDF or CSV attachments, together under 10 MB.' },
      ],
    },
  },
  ({ ctx, request }) => createTaskFromForm(ctx, request),
);
