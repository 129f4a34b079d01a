import { IdParams } from '@/lib/contract/ids';
import { referenceReaders, taskEditors } from '@/lib/contract/reference-data';
import { TaskTypeBody } from '@/lib/contract/task-types';
import { route } from '@/lib/server/http/route';
import { getTaskTypeDetail } from '@/lib/server/reference/task-types/read';
import { deleteTaskType, updateTaskType } from '@/lib/server/reference/task-types/write';

export const GET = route(
  {
    roles: referenceReaders,
    params: IdParams,
    refusals: ['taskTypes.notFound'],
  },
  ({ ctx, params }) =>
    getTaskTypeDetail(ctx, params.id),
);

export const PUT = route(
  {
    roles: taskEditors,
    params: IdParams,
    body: TaskTypeBody,
    refusals: ['taskTypes.durationRange', 'taskTypes.nameTaken', 'taskTypes.notFound'],
  },
  ({ ctx, params, body }) =>
    updateTaskType(ctx, params.id, body),
);

export const DELETE = route(
  {
    roles: taskEditors,
    params: IdParams,
    refusals: ['taskTypes.notFound'],
  },
  ({ ctx, params }) => deleteTaskType(ctx, params.id),
);
