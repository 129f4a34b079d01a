import { Feature } from '@/lib/contract/features';
import { referenceReaders, settingsEditors } from '@/lib/contract/reference-data';
import { ZoneBody } from '@/lib/contract/zones';
import { route } from '@/lib/server/http/route';
import { listZones } from '@/lib/server/reference/zones/read';
import { createZone } from '@/lib/server/reference/zones/write';

/** Every manager reads zones (the users manager's user drawer offers them); the settings roles write them. */
export const GET = route({ roles: referenceReaders, features: [Feature.zones] }, ({ ctx }) => listZones(ctx));

export const POST = route(
  {
    roles: settingsEditors,
    features: [Feature.zones],
    body: ZoneBody,
    refusals: [
      'zones.colorInvalid',
      'zones.nameTaken',
      'zones.pointOrderRepeated',
      'zones.pointsRequired',
      'zones.pointsTooFew',
    ],
  },
  ({ ctx, body }) => createZone(ctx, body),
);
