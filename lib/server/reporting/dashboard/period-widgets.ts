import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type {
  CompletedTasksPoint,
  CustomerAnalysisRow,
  DashboardPeriod,
  EstimatedActualPoint,
  TaskLocationPoint,
  TaskTypeCount,
  WorkforceAnalysisRow,
} from '@/lib/contract/dashboard';
import { compareByName } from '@/lib/contract/person-name';
import { TaskStatus } from '@/lib/contract/statuses';
import { queryRows } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { completedActualMinutesSum } from '@/lib/server/tasks/actual-duration';
import { bucketOf, bucketSeries, periodBounds, type PeriodBounds } from './period';

/**
 * Which tasks a period holds. Work done (completed tasks, hours, workforce and customer analysis): tasks now completed
 * whose completion falls in the period. Work planned (task types, locations): live tasks whose appointment starts in
 * it, whatever their status; unscheduled tasks have no date and stay out.
 */
const completedIn = (ctx: Ctx, bounds: PeriodBounds): SQL => sql`tasks.tenant_id = ${ctx.tenantId}
  and tasks.deleted is null and tasks.status_id = ${TaskStatus.completed}
  and tasks.completed_at >= ${bounds.start} and tasks.completed_at < ${bounds.end}`;

const appointmentIn = (ctx: Ctx, bounds: PeriodBounds): SQL => sql`tasks.tenant_id = ${ctx.tenantId}
  and tasks.deleted is null and tasks.appointment_date >= ${bounds.start} and tasks.appointment_date < ${bounds.end}`;

/** Tasks completed per bucket, every bucket of the period present. */
export async function completedTasks(ctx: Ctx, period: DashboardPeriod): Promise<CompletedTasksPoint[]> {
  const bounds = periodBounds(ctx, period);
  return queryRows<CompletedTasksPoint>(
    ctx.db,
    sql`select to_char(series.bucket, 'YYYY-MM-DD') as period, coalesce(done.completed, 0)::int as completed
    from ${bucketSeries(bounds)} as series(bucket)
    left join (
      select ${bucketOf(sql`tasks.completed_at`, bounds)} as bucket, count(*) as completed
      from tasks where ${completedIn(ctx, bounds)} group by 1
    ) done on done.bucket = series.bucket::date
    order by series.bucket`,
  );
}

/** Estimated (appointment duration) and actual (time in progress) minutes of the tasks completed in each bucket. */
export async function estimatedVsActualHours(ctx: Ctx, period: DashboardPeriod): Promise<EstimatedActualPoint[]> {
  const bounds = periodBounds(ctx, period);
  return queryRows<EstimatedActualPoint>(
    ctx.db,
    sql`select to_char(series.bucket, 'YYYY-MM-DD') as period,
      coalesce(done.estimate, 0)::int as estimate, coalesce(done.actual, 0)::int as actual
    from ${bucketSeries(bounds)} as series(bucket)
    left join (
      select ${bucketOf(sql`tasks.completed_at`, bounds)} as bucket, sum(tasks.duration_mins) as estimate,
        ${completedActualMinutesSum()} as actual
      from tasks where ${completedIn(ctx, bounds)} group by 1
    ) done on done.bucket = series.bucket::date
    order by series.bucket`,
  );
}

/** Tasks with their appointment in the period, by type (deleted types included: their tasks happened). */
export async function taskTypeAnalysis(ctx: Ctx, period: DashboardPeriod): Promise<TaskTypeCount[]> {
  const bounds = periodBounds(ctx, period);
  return queryRows<TaskTypeCount>(
    ctx.db,
    sql`select task_type.id as "typeId", task_type.name as type, counted.count
    from (select tasks.type_id, count(*)::int as count from tasks where ${appointmentIn(ctx, bounds)} group by 1) counted
    join task_types task_type on task_type.tenant_id = ${ctx.tenantId} and task_type.id = counted.type_id
    order by counted.count desc, task_type.name, task_type.id`,
  );
}

/**
 * Where the period's tasks are, for the heat map: places rounded to 3 decimals (about 100 m; in float8, several times cheaper than numeric) with how many tasks
 * each holds, so a year of tasks answers a few hundred weighted points rather than one per task.
 */
export async function taskLocationAnalysis(ctx: Ctx, period: DashboardPeriod): Promise<TaskLocationPoint[]> {
  const bounds = periodBounds(ctx, period);
  return queryRows<TaskLocationPoint>(
    ctx.db,
    sql`select round(tasks.location_latitude * 1000) / 1000 as lat,
      round(tasks.location_longitude * 1000) / 1000 as lng, count(*)::int as count
    from tasks
    where ${appointmentIn(ctx, bounds)}
      and tasks.location_latitude is not null and tasks.location_longitude is not null
    group by 1, 2 order by count desc, lat, lng`,
  );
}

/** Per worker: tasks completed in the period, their estimated and actual minutes; most completed first. */
export async function workforceAnalysis(ctx: Ctx, period: DashboardPeriod): Promise<WorkforceAnalysisRow[]> {
  const bounds = periodBounds(ctx, period);
  const rows = await queryRows<WorkforceAnalysisRow>(
    ctx.db,
    sql`select assignee.id as "assigneeId", assignee.name, assignee.surname,
      done.completed, done.estimate, done.actual
    from (
      select tasks.assignee_id, count(*)::int as completed, sum(tasks.duration_mins)::int as estimate,
        ${completedActualMinutesSum()} as actual
      from tasks where ${completedIn(ctx, bounds)} and tasks.assignee_id is not null group by 1
    ) done
    join users assignee on assignee.tenant_id = ${ctx.tenantId} and assignee.id = done.assignee_id
    order by done.completed desc`,
  );
  // Workers with as many completed tasks by name as a person reads it (Worker 2 before Worker 10).
  return rows.sort((a, b) => b.completed - a.completed || compareByName({ ...a, id: a.assigneeId }, { ...b, id: b.assigneeId }));
}

/** Per client: tasks completed in the period, their estimated and actual minutes; most completed first. */
export async function customerAnalysis(ctx: Ctx, period: DashboardPeriod): Promise<CustomerAnalysisRow[]> {
  const bounds = periodBounds(ctx, period);
  return queryRows<CustomerAnalysisRow>(
    ctx.db,
    sql`select client.id as "clientId", client.display_name as "displayName",
      done.completed, done.estimate, done.actual
    from (
      select tasks.client_id, count(*)::int as completed, sum(tasks.duration_mins)::int as estimate,
        ${completedActualMinutesSum()} as actual
      from tasks where ${completedIn(ctx, bounds)} and tasks.client_id is not null group by 1
    ) done
    join clients client on client.tenant_id = ${ctx.tenantId} and client.id = done.client_id
    order by done.completed desc, client.display_name, client.id`,
  );
}
