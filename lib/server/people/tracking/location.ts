import 'server-only';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { users, workerPositions } from '@/db/schema';
import { ErrorCode } from '@/lib/contract/errors';
import { trackingLimits, type LocationAnswer, type LocationBody } from '@/lib/contract/tracking';
import { takeAttempt } from '@/lib/server/core/rate-limit';
import type { Ctx } from '@/lib/server/core/ctx';
import { HttpError, invalidField } from '@/lib/server/core/errors';
import { publishWorkerPosition } from '@/lib/server/messaging/live/publish';

const rateWindowMs = 60_000;

/** 429 with Retry-After: the window is fixed, so a full window is an upper bound of the wait. */
const rateLimited = () =>
  new HttpError(429, ErrorCode.rateLimited, 'Too many positions. Please wait and try again.', undefined, undefined, rateWindowMs / 1000);

/**
 * POST users/me/location. Every position goes into the worker's history (the day's trail) unless one already kept is
 * within minSpacingMs of it in device time: then it is answered {stored: false} and dropped, so a device that posts
 * too often or replays a queue cannot flood the history, and has nothing to retry. The latest position on the user
 * row moves only forward: a late replayed position joins the trail but never moves the marker back.
 * Beyond postsPerMinute calls a minute the call answers 429 before touching the history.
 */
export async function recordLocation(ctx: Ctx, body: LocationBody, now = new Date()): Promise<LocationAnswer> {
  const recorded = new Date(body.timestamp);
  if (recorded.getTime() > now.getTime() + trackingLimits.maxFutureMs) {
    throw invalidField('timestamp', 'tracking.timestampInFuture', 'The timestamp is more than 5 minutes in the future.', {
      maxMinutes: trackingLimits.maxFutureMs / 60_000,
    });
  }
  const allowed = await takeAttempt(ctx.db, `location:user:${ctx.user.id}`, trackingLimits.postsPerMinute, rateWindowMs);
  if (!allowed) throw rateLimited();

  return ctx.db.transaction(async (tx) => {
    // The user row's lock orders one worker's concurrent posts, so two close positions cannot both pass the spacing check.
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, ctx.user.id)))
      .for('update');
    const spacing = trackingLimits.minSpacingMs;
    const [near] = await tx
      .select({ id: workerPositions.id })
      .from(workerPositions)
      .where(
        and(
          eq(workerPositions.tenantId, ctx.tenantId),
          eq(workerPositions.userId, ctx.user.id),
          gt(workerPositions.recorded, new Date(recorded.getTime() - spacing)),
          lt(workerPositions.recorded, new Date(recorded.getTime() + spacing)),
        ),
      )
      .limit(1);
    if (near) {
      await tx.update(users).set({ lastSeen: now }).where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, ctx.user.id)));
      return { stored: false };
    }
    await tx
      .insert(workerPositions)
      .values({ tenantId: ctx.tenantId, userId: ctx.user.id, lat: body.lat, lng: body.lng, recorded });
    const newer = sql`${users.latLngTimestamp} is null or ${users.latLngTimestamp} < ${recorded.toISOString()}::timestamptz`;
    await tx
      .update(users)
      .set({
        lat: sql`case when ${newer} then ${String(body.lat)} else ${users.lat} end`,
        lng: sql`case when ${newer} then ${String(body.lng)} else ${users.lng} end`,
        latLngTimestamp: sql`case when ${newer} then ${recorded.toISOString()}::timestamptz else ${users.latLngTimestamp} end`,
        lastSeen: now,
      })
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, ctx.user.id)));
    await publishWorkerPosition(tx, ctx.tenantId, ctx.user.id);
    return { stored: true };
  });
}
