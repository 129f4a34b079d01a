import { TaskIdsBody, TextSearchQuery } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { searchFileDescriptions } from '@/lib/server/tasks/search';

export const POST = route(
  { roles: ['tasksManager'], query: TextSearchQuery, body: TaskIdsBody },
  ({ ctx, query, body }) => searchFileDescriptions(ctx, query.textSearch, body.taskIds),
);
