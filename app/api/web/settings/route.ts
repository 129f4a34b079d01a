import { managerRoles } from '@/lib/contract/roles';
import { UpdateTenantSettingsBody } from '@/lib/contract/tenant-settings';
import { route } from '@/lib/server/http/route';
import { getTenantSettings, updateTenantSettings } from '@/lib/server/reference/tenant-settings';

/** Every staff role reads them (the shell loads them); only the owner changes them (spec 03 §6: locale is the owner's). */
export const GET = route({ roles: managerRoles }, ({ ctx }) => getTenantSettings(ctx));

export const PUT = route(
  {
    roles: ['owner'],
    body: UpdateTenantSettingsBody,
    refusals: [
      'scheduling.addressRequired',
      'scheduling.latitudeRange',
      'scheduling.longitudeRange',
      'scheduling.markerMissing',
      'tenantSettings.boundsInverted',
    ],
  },
  ({ ctx, body }) =>
    updateTenantSettings(ctx, body),
);
