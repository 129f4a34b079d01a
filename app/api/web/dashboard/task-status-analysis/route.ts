import { dashboardReaders } from '@/lib/server/reporting/dashboard/access';
import { taskStatusAnalysis } from '@/lib/server/reporting/dashboard/totals';
import { route } from '@/lib/server/http/route';

export const GET = route({ roles: dashboardReaders }, ({ ctx }) => taskStatusAnalysis(ctx));
