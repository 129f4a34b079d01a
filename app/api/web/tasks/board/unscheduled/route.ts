import { UnscheduledQuery } from '@/lib/contract/schedule-board';
import { route } from '@/lib/server/http/route';
import { readUnscheduled } from '@/lib/server/scheduling/board/read';

/** The board's left panel, filtered on the server: one page and the total (added call, see UnscheduledQuery). */
export const GET = route({ roles: ['tasksManager'], query: UnscheduledQuery }, ({ ctx, query }) => readUnscheduled(ctx.db, ctx.tenantId, query));
