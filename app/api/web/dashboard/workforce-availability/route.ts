import { dashboardReaders } from '@/lib/server/reporting/dashboard/access';
import { workforceAvailability } from '@/lib/server/reporting/dashboard/totals';
import { route } from '@/lib/server/http/route';

export const GET = route({ roles: dashboardReaders }, ({ ctx }) => workforceAvailability(ctx));
