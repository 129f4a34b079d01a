import { DashboardPeriodQuery } from '@/lib/contract/dashboard';
import { dashboardReaders } from '@/lib/server/reporting/dashboard/access';
import { customerAnalysis } from '@/lib/server/reporting/dashboard/period-widgets';
import { route } from '@/lib/server/http/route';

export const GET = route({ roles: dashboardReaders, query: DashboardPeriodQuery }, ({ ctx, query }) =>
  customerAnalysis(ctx, query.period),
);
