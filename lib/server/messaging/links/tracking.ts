import 'server-only';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { tasks, users } from '@/db/schema';
import type { TrackingView } from '@/lib/contract/public-links';
import { TaskStatus } from '@/lib/contract/statuses';
import { getDb } from '@/lib/server/core/db';
import { companyTimeZone, trackedTask, type TrackedTask } from './public';

interface OnSite {
  firstName: string;
  position: { lat: number; lng: number } | null;
}

/** users.lat/lng are text (as the device sends them); a missing or unreadable pair means no position. */
function position(lat: string | null, lng: string | null): OnSite['position'] {
  const latitude = lat === null ? Number.NaN : Number.parseFloat(lat);
  const longitude = lng === null ? Number.NaN : Number.parseFloat(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { lat: latitude, lng: longitude };
}

/**
 * The assigned worker of a task in progress: their first name, and their position only when it was recorded since
 * the task started and they have no other task in progress. A position from before the start shows where they were
 * before (home, another client), and a second open task means they may be at that other client's address: either
 * would tell this link's holder about someone else.
 */
async function workerOnSite(tenantId: number, task: TrackedTask): Promise<OnSite | null> {
  if (task.statusId !== TaskStatus.inProgress || task.assigneeId === null) return null;
  const db = await getDb();
  const [worker] = await db
    .select({ name: users.name, lat: users.lat, lng: users.lng, latLngTimestamp: users.latLngTimestamp })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, task.assigneeId), isNull(users.deleted)));
  if (!worker) return null;
  const since = task.inProgressSince;
  if (since === null || worker.latLngTimestamp === null || worker.latLngTimestamp < since) {
    return { firstName: worker.name, position: null };
  }
  const [otherTask] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, tenantId),
        eq(tasks.assigneeId, task.assigneeId),
        eq(tasks.statusId, TaskStatus.inProgress),
        ne(tasks.id, task.id),
        isNull(tasks.deleted),
        isNull(tasks.cancelled),
      ),
    )
    .limit(1);
  return { firstName: worker.name, position: otherTask ? null : position(worker.lat, worker.lng) };
}

/** GET tasks/tracking: the task's title and appointment, and one marker (see TrackingView). */
export async function tracking(token: string): Promise<TrackingView> {
  return viewOf(await trackedTask(token));
}

/**
 * The public tracking page: the same view, and the company's time zone, the clock its "Request another time"
 * picker is read on (a time already past there is refused before it is sent).
 */
export async function trackingPage(token: string): Promise<{ view: TrackingView; companyTimeZone: string }> {
  const task = await trackedTask(token);
  const [view, timeZone] = await Promise.all([viewOf(task), companyTimeZone(task.tenantId)]);
  return { view, companyTimeZone: timeZone };
}

async function viewOf({ tenantId, ...task }: TrackedTask & { tenantId: number }): Promise<TrackingView> {
  const worker = await workerOnSite(tenantId, task);
  const workerPosition = worker?.position ?? null;
  const latLng = workerPosition ?? task.location;
  return {
    taskTitle: task.taskTitle,
    latLng,
    latLngSource: workerPosition ? 'worker' : latLng ? 'task' : null,
    appointmentDate: task.appointmentDate,
    durationMins: task.durationMins,
    workerFirstName: worker?.firstName ?? null,
  };
}
