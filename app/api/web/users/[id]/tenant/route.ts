import { IdParams } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { getUserTenant } from '@/lib/server/people/users/read';

export const GET = route(
  {
    params: IdParams,
    refusals: ['user.notFound'],
  },
  ({ ctx, params }) => getUserTenant(ctx, params.id),
);
