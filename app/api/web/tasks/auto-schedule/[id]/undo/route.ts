import { AutoScheduleRunParams } from '@/lib/contract/auto-schedule';
import { Feature } from '@/lib/contract/features';
import { route } from '@/lib/server/http/route';
import { undoAutoSchedule } from '@/lib/server/auto-schedule/undo';

export const POST = route(
  {
    roles: ['tasksManager'],
    features: [Feature.workingHours],
    params: AutoScheduleRunParams,
    refusals: ['autoSchedule.alreadyUndone', 'autoSchedule.changedSince', 'autoSchedule.notFound'],
  },
  ({ ctx, params }) => undoAutoSchedule(ctx, params.id),
);
