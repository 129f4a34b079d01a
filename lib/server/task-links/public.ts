import 'server-only';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { taskAccessTokens, tasks, users } from '@/db/schema';
import { publicLinkMessages, type FeedbackBody, type TrackingView } from '@/lib/contract/public-links';
import { TaskStatus } from '@/lib/contract/statuses';
import { getDb } from '@/lib/server/db/client';
import { notFound } from '@/lib/server/http/errors';
import { resolveTaskLink } from './tokens';

/**
 * PUT tasks/feedback: the rating and comment land on the task, and the token is spent in the same transaction.
 * The token is claimed with `used is null` in the update itself, so two submissions racing cannot both count.
 */
export async function giveFeedback(body: FeedbackBody): Promise<{ ok: true }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const link = await resolveTaskLink(tx, body.token, 'FEEDBACK');
    if (!link || link.used) throw notFound(publicLinkMessages.feedbackFailed);
    const claimed = await tx
      .update(taskAccessTokens)
      .set({ used: new Date() })
      .where(and(eq(taskAccessTokens.id, link.id), isNull(taskAccessTokens.used)))
      .returning({ id: taskAccessTokens.id });
    if (claimed.length === 0) throw notFound(publicLinkMessages.feedbackFailed);
    const comment = body.feedbackComment?.trim();
    const updated = await tx
      .update(tasks)
      .set({ rating: body.rating, feedbackComment: comment ? comment : null, updated: sql`now()` })
      .where(and(eq(tasks.tenantId, link.tenantId), eq(tasks.id, link.taskId), isNull(tasks.deleted)))
      .returning({ id: tasks.id });
    if (updated.length === 0) throw notFound(publicLinkMessages.feedbackFailed);
    return { ok: true as const };
  });
}

export interface TrackedTask extends TrackingView {
  id: number;
  locationAddress: string | null;
}

/** A tracking link answers only while its task is open: completed, cancelled or deleted reads as unknown. */
export async function trackedTask(token: string): Promise<TrackedTask> {
  const db = await getDb();
  const link = await resolveTaskLink(db, token, 'TRACKING');
  if (!link) throw notFound(publicLinkMessages.trackingFailed);
  const [row] = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      appointmentDate: tasks.appointmentDate,
      durationMins: tasks.durationMins,
      locationAddress: tasks.locationAddress,
      workerName: users.name,
      lat: users.lat,
      lng: users.lng,
    })
    .from(tasks)
    .leftJoin(users, and(eq(users.tenantId, tasks.tenantId), eq(users.id, tasks.assigneeId), isNull(users.deleted)))
    .where(
      and(
        eq(tasks.tenantId, link.tenantId),
        eq(tasks.id, link.taskId),
        isNull(tasks.deleted),
        isNull(tasks.cancelled),
        notInArray(tasks.statusId, [TaskStatus.completed, TaskStatus.cancelled]),
      ),
    );
  if (!row) throw notFound(publicLinkMessages.trackingFailed);
  return {
    id: row.id,
    taskTitle: row.title,
    latLng: position(row.lat, row.lng),
    appointmentDate: row.appointmentDate?.toISOString() ?? null,
    durationMins: row.durationMins,
    workerFirstName: row.workerName ?? null,
    locationAddress: row.locationAddress,
  };
}

export async function tracking(token: string): Promise<TrackingView> {
  const { taskTitle, latLng, appointmentDate, durationMins, workerFirstName } = await trackedTask(token);
  return { taskTitle, latLng, appointmentDate, durationMins, workerFirstName };
}

/** users.lat/lng are text (as the device sends them); a missing or unreadable pair means no position yet. */
function position(lat: string | null, lng: string | null): TrackingView['latLng'] {
  const latitude = lat === null ? Number.NaN : Number.parseFloat(lat);
  const longitude = lng === null ? Number.NaN : Number.parseFloat(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { lat: latitude, lng: longitude };
}

/** The feedback page shows its form only for a link that can still be used. */
export async function feedbackLinkIsOpen(token: string): Promise<boolean> {
  const link = await resolveTaskLink(await getDb(), token, 'FEEDBACK');
  return link !== null && link.used === null;
}
