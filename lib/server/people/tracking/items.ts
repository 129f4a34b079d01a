import 'server-only';
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { users, workerPositions } from '@/db/schema';
import { sortedByName } from '@/lib/contract/person-name';
import type { TrackingItem, TrailPoint, TrailQuery } from '@/lib/contract/tracking';
import { nextDate, startOfDay } from '@/lib/contract/zoned-time';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

function latLngOf(lat: string | null, lng: string | null): TrackingItem['latLng'] {
  if (lat === null || lng === null) return null;
  const point = { lat: Number(lat), lng: Number(lng) };
  return Number.isFinite(point.lat) && Number.isFinite(point.lng) ? point : null;
}

/**
 * GET tracking: the tenant's active, not deleted workers by name. A worker's account counts as used once they have
 * been seen: lastSeen is set at sign-in and by every position, and an open session counts too (sessions that
 * predate lastSeen being written at sign-in).
 */
export async function trackingItems(ctx: Ctx): Promise<TrackingItem[]> {
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      profilePictureId: users.profilePictureId,
      lat: users.lat,
      lng: users.lng,
      latLngTimestamp: users.latLngTimestamp,
      // Written out with the table's name: drizzle renders ${users.id} bare, and inside this subquery a bare "id"
      // would be the session's own id.
      accountUsed: sql<boolean>`(users.last_seen is not null or exists (select 1 from sessions where sessions.user_id = users.id))`,
    })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.assignee, true), eq(users.active, true), isNull(users.deleted)))
  // By name as a person reads it (Worker 2 before Worker 10): numeric order the database's text order cannot give.
  return sortedByName(rows).map((row) => {
    const latLng = latLngOf(row.lat, row.lng);
    return {
      id: row.id,
      name: row.name,
      surname: row.surname,
      profilePictureId: row.profilePictureId,
      latLng,
      latLngTimestamp: latLng && row.latLngTimestamp ? row.latLngTimestamp.toISOString() : null,
      accountUsed: Boolean(row.accountUsed),
    };
  });
}

/** GET tracking/trail: the worker's positions recorded on that day of the tenant's calendar, oldest first. */
export async function workerTrail(ctx: Ctx, query: TrailQuery): Promise<TrailPoint[]> {
  const [worker] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, query.userId), eq(users.assignee, true), isNull(users.deleted)));
  if (!worker) throw notFound('workers.notFound', 'Worker not found.');
  const rows = await ctx.db
    .select({ lat: workerPositions.lat, lng: workerPositions.lng, recorded: workerPositions.recorded })
    .from(workerPositions)
    .where(
      and(
        eq(workerPositions.tenantId, ctx.tenantId),
        eq(workerPositions.userId, worker.id),
        gte(workerPositions.recorded, startOfDay(query.date, ctx.tenantTimeZone)),
        lt(workerPositions.recorded, startOfDay(nextDate(query.date), ctx.tenantTimeZone)),
      ),
    )
    .orderBy(asc(workerPositions.recorded), asc(workerPositions.id));
  return rows.map((row) => ({ lat: row.lat, lng: row.lng, recorded: row.recorded.toISOString() }));
}
