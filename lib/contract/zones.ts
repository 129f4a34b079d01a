import { z } from 'zod';
import { coded, rule } from './problems';
import { requiredName } from './reference-data';

/** Spec 03 §9: a zone drawn without choosing a colour gets this one. */
export const defaultZoneColor = '#3db389';

/** A drawn zone has a few dozen corners at most; the bound keeps a pasted coordinate dump out. */
export const zonePointsMax = 1000;
/** A polygon has at least three corners. */
export const zonePointsMin = 3;

export const zoneMessages = {
  nameRequired: 'Name is required',
  colorInvalid: 'Colour must be #rrggbb',
  pointsRequired: 'Zone points are required',
  pointsTooFew: 'A zone is a polygon of at least 3 points',
  pointsTooMany: `A zone has at most ${zonePointsMax} points`,
  pointOrderRepeated: 'Each point needs its own point_order',
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
} as const;

const ZonePoint = z.object({
  lat: z.number(zoneMessages.latitude).min(-90, zoneMessages.latitude).max(90, zoneMessages.latitude),
  lng: z.number(zoneMessages.longitude).min(-180, zoneMessages.longitude).max(180, zoneMessages.longitude),
  /** The vertex's place along the outline; absent, the list's own order counts. */
  point_order: z.int().min(0).max(2_147_483_647).optional(),
});

export interface ZonePointView {
  lat: number;
  lng: number;
  point_order: number;
}

const samePlace = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => a.lat === b.lat && a.lng === b.lng;

/**
 * The outline in drawing order, numbered from 0. A GeoJSON ring repeats its first point at the end; that repeat is
 * dropped so the stored outline has each corner once.
 */
const ZonePoints = z
  .array(ZonePoint, { error: zoneMessages.pointsRequired })
  .max(zonePointsMax, coded('zones.pointsTooMany', zoneMessages.pointsTooMany, { max: zonePointsMax }))
  .superRefine((points, check) => {
    const orders = points.flatMap((point) => (point.point_order === undefined ? [] : [point.point_order]));
    if (new Set(orders).size !== orders.length) {
      check.addIssue({ code: 'custom', ...rule('zones.pointOrderRepeated', zoneMessages.pointOrderRepeated) });
    }
  })
  .transform((points): ZonePointView[] => {
    const ordered = points
      .map((point, index) => ({ point, rank: point.point_order ?? index }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ point }) => point);
    const ring = ordered.length > 1 && samePlace(ordered[0], ordered[ordered.length - 1]) ? ordered.slice(0, -1) : ordered;
    return ring.map(({ lat, lng }, index) => ({ lat, lng, point_order: index }));
  })
  .superRefine((points, check) => {
    if (points.length === 0) check.addIssue({ code: 'custom', ...rule('zones.pointsRequired', zoneMessages.pointsRequired) });
    else if (points.length < zonePointsMin) {
      check.addIssue({ code: 'custom', ...rule('zones.pointsTooFew', zoneMessages.pointsTooFew, { min: zonePointsMin }) });
    }
  });

/** POST zones and PUT zones/{id}: a unique name, a colour (#3db389 when absent) and the polygon (spec 03 §3, §5). */
export const ZoneBody = z.object({
  name: requiredName(zoneMessages.nameRequired),
  color: z
    .string(zoneMessages.colorInvalid)
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, coded('zones.colorInvalid', zoneMessages.colorInvalid))
    .transform((color) => color.toLowerCase())
    .optional()
    .transform((color) => color ?? defaultZoneColor),
  points: ZonePoints,
});
export type ZoneBody = z.infer<typeof ZoneBody>;

/** GET zones and zones/{id}: the outline comes with the zone, since every screen that lists zones draws them. */
export interface ZoneView {
  id: number;
  name: string;
  color: string;
  points: ZonePointView[];
  deleted: Date | null;
}
