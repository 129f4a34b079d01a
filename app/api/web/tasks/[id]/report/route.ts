import { IdParams } from '@/lib/contract/ids';
import { TaskReportQuery } from '@/lib/contract/task-report';
import { route } from '@/lib/server/http/route';
import { taskReportResponse } from '@/lib/server/tasks/report/response';

/** Managers print any task of the tenant; a worker prints only the tasks assigned to them. */
export const GET = route(
  { roles: ['tasksManager', 'assignee'], params: IdParams, query: TaskReportQuery, refusals: ['task.notFound'] },
  ({ ctx, params, query, request }) =>
    taskReportResponse(ctx, params.id, {
      download: query.download === '1',
      acceptLanguage: request.headers.get('accept-language'),
    }),
);
