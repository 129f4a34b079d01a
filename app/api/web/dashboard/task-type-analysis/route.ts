import { DashboardPeriodQuery } from '@/lib/contract/dashboard';
import { dashboardReaders } from '@/lib/server/reporting/dashboard/access';
import { taskTypeAnalysis } from '@/lib/server/reporting/dashboard/period-widgets';
import { route } from '@/lib/server/http/route';

export const GET = route({ roles: dashboardReaders, query: DashboardPeriodQuery }, ({ ctx, query }) =>
  taskTypeAnalysis(ctx, query.period),
);
