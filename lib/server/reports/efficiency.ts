import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import {
  filtersOf,
  type EfficiencyBody,
  type EfficiencyFilters,
  type EfficiencyQuery,
  type EfficiencyReport,
  type EfficiencyRow,
} from '@/lib/contract/efficiency-report';
import { TaskStatus } from '@/lib/contract/tasks';
import { addDays, startOfDay } from '@/lib/contract/zoned-time';
import { queryRows } from '@/lib/server/db/client';
import type { Ctx } from '@/lib/server/http/ctx';
import { idArray } from '@/lib/server/tasks/view';
import { workingMinutes } from './working-time';

/** An instant as JavaScript's toISOString writes it: UTC, milliseconds, 'Z'. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const filterOn = (column: SQL, ids: readonly number[]) => (ids.length > 0 ? sql`and ${column} = any(${idArray(ids)})` : sql``);

interface ReportQueryRow {
  rows: EfficiencyRow[] | null;
  totalEstimate: number | string | null;
  totalActual: number | string | null;
}

/**
 * The whole report in one statement. `done` narrows to the tenant's live tasks whose current status is completed and
 * whose completion falls in [start, end) (the (tenant, completed_at) index); `steps` pairs each of their timeline rows
 * with the next one (lead() over the task's rows in order), so a row of status "in progress" lasts until whatever
 * came next: a pause, a completion, a reset. Spans are added up per task, pauses left out. Estimates, differences,
 * percents and totals are all worked out here, so the server never loops over the rows to sum them.
 */
function reportQuery(ctx: Ctx, start: Date, end: Date, filters: EfficiencyFilters): SQL {
  const tenantId = ctx.tenantId;
  return sql`
    with done as materialized (
      select t.id, t.reference_number, t.title, t.client_id, t.assignee_id, t.duration_mins, t.completed_at
      from tasks t
      where t.tenant_id = ${tenantId} and t.completed_at >= ${start.toISOString()}::timestamptz
        and t.completed_at < ${end.toISOString()}::timestamptz
        and t.status_id = ${TaskStatus.completed} and t.deleted is null
        ${filterOn(sql`t.client_id`, filters.clientIds)}
        ${filterOn(sql`t.type_id`, filters.typeIds)}
        ${filterOn(sql`t.assignee_id`, filters.assigneeIds)}
    ),
    steps as (
      select tl.task_id, tl.status_id, tl.created,
        lead(tl.created) over (partition by tl.task_id order by tl.created, tl.id) as next_at
      from task_timeline tl
      where tl.tenant_id = ${tenantId} and tl.task_id in (select id from done)
    ),
    spans as (
      select task_id,
        sum(extract(epoch from (next_at - created))) filter (where status_id = ${TaskStatus.inProgress}) as seconds,
        min(created) filter (where status_id = ${TaskStatus.inProgress}) as started
      from steps
      group by task_id
    ),
    measured as (
      select done.*, spans.started, round(coalesce(spans.seconds, 0) / 60)::int as actual
      from done left join spans on spans.task_id = done.id
    )
    select
      (select json_agg(json_build_object(
          'task', json_build_object('id', m.id, 'referenceNumber', m.reference_number, 'title', m.title,
            'client', case when c.id is null then null else json_build_object('id', c.id, 'displayName', c.display_name) end),
          'assignees', case when u.id is null then '[]'::json
            else json_build_array(json_build_object('id', u.id, 'name', u.name, 'surname', u.surname)) end,
          'startDate', ${isoText(sql`m.started`)},
          'endDate', ${isoText(sql`m.completed_at`)},
          'estimate', m.duration_mins,
          'actual', m.actual,
          'difference', case when m.actual = m.duration_mins then null else m.actual - m.duration_mins end,
          'efficiency', case when m.actual <= 1 then 0 else round(m.duration_mins * 100.0 / m.actual)::int end
        ) order by m.completed_at, m.id)
        from measured m
        left join clients c on c.tenant_id = ${tenantId} and c.id = m.client_id
        left join users u on u.tenant_id = ${tenantId} and u.id = m.assignee_id) as "rows",
      (select sum(duration_mins) from measured) as "totalEstimate",
      (select sum(actual) from measured) as "totalActual"`;
}

/** The local days as instants: `from` at 00:00:00.000 up to (not including) the local midnight after `to`. */
export function rangeInstants(ctx: Pick<Ctx, 'tenantTimeZone'>, query: EfficiencyQuery): { start: Date; end: Date } {
  return { start: startOfDay(query.from, ctx.tenantTimeZone), end: startOfDay(addDays(query.to, 1), ctx.tenantTimeZone) };
}

/**
 * POST reports/efficiency: the rows of tasks completed in the range, oldest completion first; the first row also
 * carries the totals and the selected workers' working time over the range.
 */
export async function efficiencyReport(ctx: Ctx, query: EfficiencyQuery, body: EfficiencyBody): Promise<EfficiencyReport> {
  const filters = filtersOf(body);
  const { start, end } = rangeInstants(ctx, query);
  const [[answer], workingHours] = await Promise.all([
    queryRows<ReportQueryRow>(ctx.db, reportQuery(ctx, start, end, filters)),
    workingMinutes(ctx, filters.assigneeIds, query.from, query.to),
  ]);
  const rows = answer?.rows ?? [];
  if (rows.length === 0) return [];
  rows[0] = {
    ...rows[0],
    totalEstimate: Number(answer?.totalEstimate ?? 0),
    totalActual: Number(answer?.totalActual ?? 0),
    workingHours,
  };
  return rows;
}
