import { AssignmentCheckQuery } from '@/lib/contract/task-form';
import { route } from '@/lib/server/http/route';
import { checkAssignment } from '@/lib/server/scheduling/assignment/check';

export const dynamic = 'force-dynamic';

export const GET = route(
  {
    roles: ['tasksManager'],
    query: AssignmentCheckQuery,
    refusals: ['taskTypes.notFound', 'workers.notFound'],
  },
  ({ ctx, query }) =>
    checkAssignment(ctx, query),
);
