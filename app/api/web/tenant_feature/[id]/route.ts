import { featureSwitchers } from '@/lib/contract/features';
import { IdParams } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { disableFeature, enableFeature } from '@/lib/server/people/tenants/features';

export const POST = route(
  {
    roles: featureSwitchers,
    params: IdParams,
    refusals: ['feature.alreadyOn', 'feature.notFound'],
  },
  ({ ctx, params }) => enableFeature(ctx, params.id),
);

export const DELETE = route(
  {
    roles: featureSwitchers,
    params: IdParams,
    refusals: ['feature.alreadyOff', 'feature.notFound'],
  },
  ({ ctx, params }) => disableFeature(ctx, params.id),
);
