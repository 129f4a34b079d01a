import { DashboardPeriodQuery } from '@/lib/contract/dashboard';
import { dashboardReaders } from '@/lib/server/reporting/dashboard/access';
import { workforceAnalysis } from '@/lib/server/reporting/dashboard/period-widgets';
import { route } from '@/lib/server/http/route';

export const GET = route({ roles: dashboardReaders, query: DashboardPeriodQuery }, ({ ctx, query }) =>
  workforceAnalysis(ctx, query.period),
);
