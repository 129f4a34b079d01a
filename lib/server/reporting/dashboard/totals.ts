import 'server-only';
import { sql } from 'drizzle-orm';
import type { TaskStatusAnalysisView, TotalTasksView, WorkforceAvailabilityView } from '@/lib/contract/dashboard';
import { TaskStatus } from '@/lib/contract/statuses';
import { queryRows } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { periodBounds } from './period';

/** Live (not deleted) tasks ever, and those created in the last 7 days of the tenant's calendar, today included. */
export async function totalTasks(ctx: Ctx): Promise<TotalTasksView> {
  const week = periodBounds(ctx, '1W');
  const [row] = await queryRows<TotalTasksView>(
    ctx.db,
    sql`select count(*)::int as "totalAllTime",
      count(*) filter (where tasks.created >= ${week.start} and tasks.created < ${week.end})::int as "totalLastSevenDays"
    from tasks where tasks.tenant_id = ${ctx.tenantId} and tasks.deleted is null`,
  );
  return row;
}

/**
 * Workers are the tenant's active, not deleted users with the assignee role. One counts as logged in while they hold
 * a session that has not expired: a sign-in creates it, signing out deletes it, and it lapses 30 days after its
 * last renewal (better-auth renews a used session daily). So a worker who signed in on the phone and never signed
 * out is available; one who signed out, or has not used the app for 30 days, is not.
 */
export async function workforceAvailability(ctx: Ctx): Promise<WorkforceAvailabilityView> {
  const [row] = await queryRows<WorkforceAvailabilityView>(
    ctx.db,
    sql`select count(*)::int as "totalWorkers",
      count(*) filter (where exists (
        select 1 from sessions where sessions.user_id = users.id and sessions.expires_at > now()
      ))::int as "totalWorkersLoggedIn"
    from users
    where users.tenant_id = ${ctx.tenantId} and users.assignee and users.active and users.deleted is null`,
  );
  return row;
}

/** Live tasks by their current status; the rings show each as a share of `total`. */
export async function taskStatusAnalysis(ctx: Ctx): Promise<TaskStatusAnalysisView> {
  const of = (statusId: number) => sql`count(*) filter (where tasks.status_id = ${statusId})::int`;
  const [row] = await queryRows<TaskStatusAnalysisView>(
    ctx.db,
    sql`select count(*)::int as total,
      ${of(TaskStatus.pending)} as pending, ${of(TaskStatus.inProgress)} as "inProgress",
      ${of(TaskStatus.paused)} as paused, ${of(TaskStatus.completed)} as completed,
      ${of(TaskStatus.cancelled)} as cancelled
    from tasks where tasks.tenant_id = ${ctx.tenantId} and tasks.deleted is null`,
  );
  return row;
}
