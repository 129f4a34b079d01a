import { DuplicateBody } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { duplicateTasks } from '@/lib/server/tasks/duplicate';

export const POST = route(
  {
    roles: ['tasksManager'],
    body: DuplicateBody,
    refusals: [
      'task.duplicateCancelled',
      'task.duplicateFailed',
      'task.notFound',
      'task.typeDeleted',
      'task.workerNotActive',
      'tenant.featureDisabled',
    ],
  },
  ({ ctx, body }) => duplicateTasks(ctx, body),
);
