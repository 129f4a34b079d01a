import { z } from 'zod';

/** A place workers set out from: an address a person can read and the coordinates the router needs. */
export const StartLocation = z.strictObject({
  address: z.string().trim().min(1, 'The address is required.').max(500, 'The address has at most 500 characters.'),
  latitude: z.number('The latitude is a number.').min(-90, 'The latitude is between -90 and 90.').max(90, 'The latitude is between -90 and 90.'),
  longitude: z
    .number('The longitude is a number.')
    .min(-180, 'The longitude is between -180 and 180.')
    .max(180, 'The longitude is between -180 and 180.'),
});
export type StartLocation = z.infer<typeof StartLocation>;

const LatLng = z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** The map's opening view (spec 03: the locale screen). */
export const MapBounds = z
  .strictObject({ southWest: LatLng, northEast: LatLng })
  .refine((bounds) => bounds.northEast.lat > bounds.southWest.lat, { message: 'The north-east corner must be north of the south-west one.' });
export type MapBounds = z.infer<typeof MapBounds>;

/** GET settings: the tenant settings a screen needs. */
export interface TenantSettingsView {
  timeZone: string;
  defaultMapBounds: MapBounds | null;
  /** Where a worker without a start location of their own sets out from and returns to (auto-schedule). */
  officeLocation: StartLocation | null;
}

/** PUT settings (owner): the fields given change, null clears one; answers the new settings. */
export const UpdateTenantSettingsBody = z.strictObject({
  defaultMapBounds: MapBounds.nullable().optional(),
  officeLocation: StartLocation.nullable().optional(),
});
export type UpdateTenantSettingsBody = z.infer<typeof UpdateTenantSettingsBody>;

/** A worker's tasks-per-day limit for auto-schedule, when one is set. */
export const maxTasksPerDayLimit = 100;

/**
 * GET and PUT users/{id}/scheduling (usersManager, feature 2): what auto-schedule needs of a worker beyond working
 * hours, skills and zones. No start location means the tenant's office location; no limit means as many as fit.
 */
export const WorkerScheduling = z.strictObject({
  startLocation: StartLocation.nullable(),
  maxTasksPerDay: z
    .int('The limit is a whole number.')
    .min(1, 'The limit is at least 1.')
    .max(maxTasksPerDayLimit, `The limit is at most ${maxTasksPerDayLimit}.`)
    .nullable(),
});
export type WorkerScheduling = z.infer<typeof WorkerScheduling>;
