import { z } from 'zod';
import { coded, rule } from './problems';

export const startLocationMessages = {
  addressRequired: 'The address is required.',
  addressTooLong: 'The address has at most 500 characters.',
  latitude: 'The latitude is a number.',
  latitudeRange: 'The latitude is between -90 and 90.',
  longitude: 'The longitude is a number.',
  longitudeRange: 'The longitude is between -180 and 180.',
} as const;

export const addressMaxLength = 500;

/**
 * A coordinate of a start location: a number in range. Null (the form's: no marker placed yet) reads as
 * `scheduling.markerMissing`, which the screens explain as "place the marker".
 */
const coordinate = (message: string, limit: number, rangeCode: 'scheduling.latitudeRange' | 'scheduling.longitudeRange', rangeMessage: string) =>
  z
    .number(message)
    .min(-limit, coded(rangeCode, rangeMessage))
    .max(limit, coded(rangeCode, rangeMessage))
    .nullable()
    .transform((value, check) => {
      if (value !== null) return value;
      check.addIssue({ code: 'custom', ...rule('scheduling.markerMissing', message) });
      return z.NEVER;
    });

/** A place workers set out from: an address a person can read and the coordinates the router needs. */
export const StartLocation = z.strictObject({
  address: z
    .string()
    .trim()
    .min(1, coded('scheduling.addressRequired', startLocationMessages.addressRequired))
    .max(addressMaxLength, coded('scheduling.addressTooLong', startLocationMessages.addressTooLong, { max: addressMaxLength })),
  latitude: coordinate(startLocationMessages.latitude, 90, 'scheduling.latitudeRange', startLocationMessages.latitudeRange),
  longitude: coordinate(startLocationMessages.longitude, 180, 'scheduling.longitudeRange', startLocationMessages.longitudeRange),
});
export type StartLocation = z.infer<typeof StartLocation>;

const LatLng = z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** The map's opening view (spec 03: the locale screen). */
export const MapBounds = z
  .strictObject({ southWest: LatLng, northEast: LatLng })
  .refine(
    (bounds) => bounds.northEast.lat > bounds.southWest.lat,
    rule('tenantSettings.boundsInverted', 'The north-east corner must be north of the south-west one.'),
  );
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

export const limitMessages = {
  whole: 'The limit is a whole number.',
  min: 'The limit is at least 1.',
  max: `The limit is at most ${maxTasksPerDayLimit}.`,
} as const;

/**
 * GET and PUT users/{id}/scheduling (usersManager, feature 2): what auto-schedule needs of a worker beyond working
 * hours, skills and zones. No start location means the tenant's office location; no limit means as many as fit.
 */
export const WorkerScheduling = z.strictObject({
  startLocation: StartLocation.nullable(),
  maxTasksPerDay: z
    .number(limitMessages.whole)
    .refine((limit) => Number.isInteger(limit), { ...rule('scheduling.limitWhole', limitMessages.whole), abort: true })
    .refine((limit) => limit >= 1, rule('scheduling.limitMin', limitMessages.min, { min: 1 }))
    .refine((limit) => limit <= maxTasksPerDayLimit, rule('scheduling.limitMax', limitMessages.max, { max: maxTasksPerDayLimit }))
    .nullable(),
});
export type WorkerScheduling = z.infer<typeof WorkerScheduling>;
