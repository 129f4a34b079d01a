import { Feature } from '@/lib/contract/features';
import { IdParams } from '@/lib/contract/ids';
import { referenceReaders, settingsEditors } from '@/lib/contract/reference-data';
import { ZoneBody } from '@/lib/contract/zones';
import { route } from '@/lib/server/http/route';
import { getZone } from '@/lib/server/reference/zones/read';
import { deleteZone, updateZone } from '@/lib/server/reference/zones/write';

export const GET = route(
  {
    roles: referenceReaders,
    features: [Feature.zones],
    params: IdParams,
    refusals: ['zones.notFound'],
  },
  ({ ctx, params }) =>
    getZone(ctx, params.id),
);

export const PUT = route(
  {
    roles: settingsEditors,
    features: [Feature.zones],
    params: IdParams,
    body: ZoneBody,
    refusals: [
      'zones.colorInvalid',
      'zones.nameTaken',
      'zones.notFound',
      'zones.pointOrderRepeated',
      'zones.pointsRequired',
      'zones.pointsTooFew',
    ],
  },
  ({ ctx, params, body }) => updateZone(ctx, params.id, body),
);

export const DELETE = route(
  { roles: settingsEditors, features: [Feature.zones], params: IdParams, refusals: ['zones.notFound'] },
  ({ ctx, params }) => deleteZone(ctx, params.id),
);
