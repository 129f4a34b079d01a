import { Feature } from '@/lib/contract/features';
import { IdParams } from '@/lib/contract/ids';
import { referenceReaders, settingsEditors } from '@/lib/contract/reference-data';
import { ZoneBody } from '@/lib/contract/zones';
import { route } from '@/lib/server/http/route';
import { getZone } from '@/lib/server/reference/zones/read';
import { deleteZone, updateZone } from '@/lib/server/reference/zones/write';

export const GET = route({ roles: referenceReaders, features: [Feature.zones], params: IdParams }, ({ ctx, params }) =>
  getZone(ctx, params.id),
);

export const PUT = route(
  { roles: settingsEditors, features: [Feature.zones], params: IdParams, body: ZoneBody },
  ({ ctx, params, body }) => updateZone(ctx, params.id, body),
);

export const DELETE = route(
  { roles: settingsEditors, features: [Feature.zones], params: IdParams },
  ({ ctx, params }) => deleteZone(ctx, params.id),
);
