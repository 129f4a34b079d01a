import { AutoScheduleQuery } from '@/lib/contract/auto-schedule';
import { Feature } from '@/lib/contract/features';
import { route } from '@/lib/server/http/route';
import { applyAutoSchedule } from '@/lib/server/auto-schedule/apply';

export const PUT = route(
  {
    roles: ['tasksManager'],
    features: [Feature.workingHours],
    query: AutoScheduleQuery,
    refusals: ['autoSchedule.dateNotAfterToday', 'autoSchedule.running'],
  },
  ({ ctx, query }) => applyAutoSchedule(ctx, query),
);
