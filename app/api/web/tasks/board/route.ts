import { BoardQuery } from '@/lib/contract/schedule-board';
import { route } from '@/lib/server/http/route';
import { readBoard } from '@/lib/server/scheduling/board/read';

/** The schedule board's lean answer for a range of local days (added call, see BoardQuery). */
export const GET = route(
  {
    roles: ['tasksManager'],
    query: BoardQuery,
    refusals: ['schedule.rangeReversed', 'schedule.rangeTooLong'],
  },
  ({ ctx, query }) => readBoard(ctx, query),
);
