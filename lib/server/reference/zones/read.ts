import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { zonePoints, zones } from '@/db/schema';
import type { ZonePointView, ZoneView } from '@/lib/contract/zones';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

export const zoneNotFound = () => notFound('zones.notFound', 'Zone not found.');

const zoneColumns = { id: zones.id, name: zones.name, color: zones.color, deleted: zones.deleted };
type ZoneRow = Omit<ZoneView, 'points'>;

/** The tenant's live zones by name, each with its outline: the settings table, its map modal and the user drawer. */
export async function listZones(ctx: Ctx): Promise<ZoneView[]> {
  const rows = await ctx.db
    .select(zoneColumns)
    .from(zones)
    .where(and(eq(zones.tenantId, ctx.tenantId), isNull(zones.deleted)))
    .orderBy(sql`lower(${zones.name})`, asc(zones.id));
  return withPoints(ctx.db, ctx.tenantId, rows);
}

/** One live zone; a deleted one answers 404 like a missing one, since nothing shows a deleted zone any more. */
export async function getZone(ctx: Pick<Ctx, 'db' | 'tenantId'>, id: number, db: DbOrTx = ctx.db): Promise<ZoneView> {
  const [row] = await db
    .select(zoneColumns)
    .from(zones)
    .where(and(eq(zones.tenantId, ctx.tenantId), eq(zones.id, id), isNull(zones.deleted)));
  if (!row) throw zoneNotFound();
  const [view] = await withPoints(db, ctx.tenantId, [row]);
  return view;
}

async function withPoints(db: DbOrTx, tenantId: number, rows: ZoneRow[]): Promise<ZoneView[]> {
  if (rows.length === 0) return [];
  const points = await db
    .select({ zoneId: zonePoints.zoneId, lat: zonePoints.lat, lng: zonePoints.lng, point_order: zonePoints.pointOrder })
    .from(zonePoints)
    .where(and(eq(zonePoints.tenantId, tenantId), inArray(zonePoints.zoneId, rows.map((row) => row.id))))
    .orderBy(asc(zonePoints.zoneId), asc(zonePoints.pointOrder));
  const byZone = new Map<number, ZonePointView[]>();
  for (const { zoneId, ...point } of points) {
    const outline = byZone.get(zoneId) ?? [];
    outline.push(point);
    byZone.set(zoneId, outline);
  }
  return rows.map((row) => ({ ...row, points: byZone.get(row.id) ?? [] }));
}
