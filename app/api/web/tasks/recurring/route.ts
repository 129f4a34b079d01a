import { RecurrenceBody } from '@/lib/contract/recurrence';
import { route } from '@/lib/server/http/route';
import { createRecurrence } from '@/lib/server/tasks/recurrence/series';

export const POST = route({ roles: ['tasksManager'], body: RecurrenceBody }, ({ ctx, body }) => createRecurrence(ctx, body));
