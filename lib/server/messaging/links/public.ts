import 'server-only';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { taskAccessTokens, tasks, tenants } from '@/db/schema';
import { publicLinkMessages, type FeedbackBody, type FeedbackLinkView } from '@/lib/contract/public-links';
import { TaskStatus } from '@/lib/contract/statuses';
import { getDb } from '@/lib/server/core/db';
import { notFound } from '@/lib/server/core/errors';
import { resolveTaskLink } from './tokens';

/**
 * PUT tasks/feedback: the rating and comment land on the task, and the token is spent in the same transaction.
 * The token is claimed with `used is null` in the update itself, so two submissions racing cannot both count.
 */
export async function giveFeedback(body: FeedbackBody): Promise<{ ok: true }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const link = await resolveTaskLink(tx, body.token, 'FEEDBACK');
    if (!link || link.used) throw notFound('publicLink.feedbackUnavailable', publicLinkMessages.feedbackFailed);
    const claimed = await tx
      .update(taskAccessTokens)
      .set({ used: new Date() })
      .where(and(eq(taskAccessTokens.id, link.id), isNull(taskAccessTokens.used)))
      .returning({ id: taskAccessTokens.id });
    if (claimed.length === 0) throw notFound('publicLink.feedbackUnavailable', publicLinkMessages.feedbackFailed);
    const comment = body.feedbackComment?.trim();
    const updated = await tx
      .update(tasks)
      .set({ rating: body.rating, feedbackComment: comment ? comment : null, updated: sql`now()` })
      .where(and(eq(tasks.tenantId, link.tenantId), eq(tasks.id, link.taskId), isNull(tasks.deleted)))
      .returning({ id: tasks.id });
    if (updated.length === 0) throw notFound('publicLink.feedbackUnavailable', publicLinkMessages.feedbackFailed);
    return { ok: true as const };
  });
}

/** What a tracking link may reach of its task; the worker's details are read apart, and only while it is in progress. */
export interface TrackedTask {
  id: number;
  taskTitle: string;
  appointmentDate: string | null;
  durationMins: number;
  locationAddress: string | null;
  location: { lat: number; lng: number } | null;
  statusId: number;
  assigneeId: number | null;
  inProgressSince: Date | null;
}

/** A tracking link answers only while its task is open: completed, cancelled or deleted reads as unknown. */
export async function trackedTask(token: string): Promise<TrackedTask & { tenantId: number }> {
  const db = await getDb();
  const link = await resolveTaskLink(db, token, 'TRACKING');
  if (!link) throw notFound('publicLink.trackingUnavailable', publicLinkMessages.trackingFailed);
  const [row] = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      appointmentDate: tasks.appointmentDate,
      durationMins: tasks.durationMins,
      locationAddress: tasks.locationAddress,
      latitude: tasks.locationLatitude,
      longitude: tasks.locationLongitude,
      statusId: tasks.statusId,
      assigneeId: tasks.assigneeId,
      inProgressSince: tasks.inProgressSince,
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, link.tenantId),
        eq(tasks.id, link.taskId),
        isNull(tasks.deleted),
        isNull(tasks.cancelled),
        notInArray(tasks.statusId, [TaskStatus.completed, TaskStatus.cancelled]),
      ),
    );
  if (!row) throw notFound('publicLink.trackingUnavailable', publicLinkMessages.trackingFailed);
  const location = row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null;
  return {
    tenantId: link.tenantId,
    id: row.id,
    taskTitle: row.title,
    appointmentDate: row.appointmentDate?.toISOString() ?? null,
    durationMins: row.durationMins,
    locationAddress: row.locationAddress,
    location,
    statusId: row.statusId,
    assigneeId: row.assigneeId,
    inProgressSince: row.inProgressSince,
  };
}

/**
 * GET tasks/feedback and the feedback page: an open link gets the form; an answered one gets back the rating and
 * comment on its task, so reopening it thanks the client. An unknown or expired link, or a deleted task, is 404.
 */
export async function feedbackLink(token: string): Promise<FeedbackLinkView> {
  const db = await getDb();
  const link = await resolveTaskLink(db, token, 'FEEDBACK');
  if (!link) throw notFound('publicLink.feedbackUnavailable', publicLinkMessages.feedbackFailed);
  const [task] = await db
    .select({ rating: tasks.rating, feedbackComment: tasks.feedbackComment })
    .from(tasks)
    .where(and(eq(tasks.tenantId, link.tenantId), eq(tasks.id, link.taskId), isNull(tasks.deleted)));
  if (!task) throw notFound('publicLink.feedbackUnavailable', publicLinkMessages.feedbackFailed);
  if (link.used === null) return { given: false, rating: null, feedbackComment: null };
  if (task.rating === null) throw notFound('publicLink.feedbackUnavailable', publicLinkMessages.feedbackFailed);
  return { given: true, rating: task.rating, feedbackComment: task.feedbackComment };
}

/** The company's time zone, the clock a tracking page's times are read on. */
export async function companyTimeZone(tenantId: number): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound('publicLink.trackingUnavailable', publicLinkMessages.trackingFailed);
  return row.timeZone;
}
