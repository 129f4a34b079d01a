import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { zonePoints, zones } from '@/db/schema';
import type { ZoneBody, ZoneView } from '@/lib/contract/zones';
import type { Tx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { assertNameFree, type NameTaken } from '@/lib/server/reference/data/names';
import { getZone, zoneNotFound } from './read';

export const zoneConflictMessage = 'A zone with this name already exists.';
const zoneNameTaken: NameTaken = { code: 'zones.nameTaken', message: zoneConflictMessage, path: 'name' };

const namedZones = { table: zones, name: zones.name };

export async function createZone(ctx: Ctx, body: ZoneBody): Promise<ZoneView> {
  return ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, ctx.tenantId, namedZones, body.name, zoneNameTaken);
    const [row] = await tx
      .insert(zones)
      .values({ tenantId: ctx.tenantId, name: body.name, color: body.color })
      .returning({ id: zones.id });
    await insertOutline(tx, ctx.tenantId, row.id, body);
    return getZone(ctx, row.id, tx);
  });
}

/** The outline is replaced whole: the drawer sends the polygon as it now stands. */
export async function updateZone(ctx: Ctx, id: number, body: ZoneBody): Promise<ZoneView> {
  return ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, ctx.tenantId, namedZones, body.name, zoneNameTaken, id);
    const [row] = await tx
      .update(zones)
      .set({ name: body.name, color: body.color, updated: new Date() })
      .where(and(eq(zones.tenantId, ctx.tenantId), eq(zones.id, id), isNull(zones.deleted)))
      .returning({ id: zones.id });
    if (!row) throw zoneNotFound();
    await tx.delete(zonePoints).where(and(eq(zonePoints.tenantId, ctx.tenantId), eq(zonePoints.zoneId, id)));
    await insertOutline(tx, ctx.tenantId, id, body);
    return getZone(ctx, id, tx);
  });
}

/**
 * Soft delete. Workers keep the link in user_zones, but every reader (the assignment warning, auto-schedule, the
 * lists) skips deleted zones, so the worker is no longer bound to it.
 */
export async function deleteZone(ctx: Ctx, id: number): Promise<ZoneView> {
  return ctx.db.transaction(async (tx) => {
    const zone = await getZone(ctx, id, tx);
    const deleted = new Date();
    const [row] = await tx
      .update(zones)
      .set({ deleted, updated: deleted })
      .where(and(eq(zones.tenantId, ctx.tenantId), eq(zones.id, id), isNull(zones.deleted)))
      .returning({ id: zones.id });
    if (!row) throw zoneNotFound();
    return { ...zone, deleted };
  });
}

async function insertOutline(tx: Tx, tenantId: number, zoneId: number, body: ZoneBody): Promise<void> {
  await tx.insert(zonePoints).values(
    body.points.map((point) => ({ tenantId, zoneId, lat: point.lat, lng: point.lng, pointOrder: point.point_order })),
  );
}
