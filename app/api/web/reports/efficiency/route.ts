import { EfficiencyBody, EfficiencyQuery } from '@/lib/contract/efficiency-report';
import { route } from '@/lib/server/http/route';
import { efficiencyReport } from '@/lib/server/reporting/efficiency/efficiency';

export const POST = route(
  {
    roles: ['tasksManager'],
    query: EfficiencyQuery,
    body: EfficiencyBody,
    refusals: ['reports.rangeReversed', 'reports.rangeTooLong'],
  },
  ({ ctx, query, body }) =>
    efficiencyReport(ctx, query, body),
);
