import { AutoScheduleQuery } from '@/lib/contract/auto-schedule';
import { Feature } from '@/lib/contract/features';
import { route } from '@/lib/server/http/route';
import { autoScheduleSummary } from '@/lib/server/auto-schedule/summary';

export const GET = route(
  {
    roles: ['tasksManager'],
    features: [Feature.workingHours],
    query: AutoScheduleQuery,
    refusals: ['autoSchedule.dateNotAfterToday'],
  },
  ({ ctx, query }) => autoScheduleSummary(ctx, query),
);
