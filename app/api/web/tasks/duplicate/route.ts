import { DuplicateBody } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { duplicateTasks } from '@/lib/server/tasks/duplicate';

export const POST = route({ roles: ['tasksManager'], body: DuplicateBody }, ({ ctx, body }) => duplicateTasks(ctx, body));
