import { referenceReaders, taskEditors } from '@/lib/contract/reference-data';
import { TaskTypeBody } from '@/lib/contract/task-types';
import { route } from '@/lib/server/http/route';
import { listTaskTypes } from '@/lib/server/reference/task-types/read';
import { createTaskType } from '@/lib/server/reference/task-types/write';

export const GET = route({ roles: referenceReaders }, ({ ctx }) => listTaskTypes(ctx));

export const POST = route(
  {
    roles: taskEditors,
    body: TaskTypeBody,
    refusals: [
      'taskTypes.durationRange',
      'taskTypes.nameTaken',
      'taskTypes.skillsDisabled',
      'taskTypes.unknownCustomField',
      'taskTypes.unknownSkill',
    ],
  },
  ({ ctx, body }) => createTaskType(ctx, body),
);
