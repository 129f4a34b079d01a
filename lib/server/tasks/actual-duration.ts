import { sql, type SQL } from 'drizzle-orm';
import { TaskStatus } from '@/lib/contract/statuses';

/**
 * A task's actual duration in seconds: the time it spent in status "in progress" (00-decisions: from the timeline).
 * The trigger of migration 0002 folds each timeline row into the task as it is written (closed spans in
 * in_progress_seconds, the open one's start in in_progress_since), so aggregates read one row per task instead of a
 * window over every timeline row; the open span counts up to `now` while the task is still in progress. Zero for a
 * task never in progress. `tasks` is the alias of the tasks table in the caller's query.
 */
export function actualSecondsOf(tasks: SQL = sql`tasks`): SQL {
  return sql`(coalesce(${tasks}.in_progress_seconds, 0) + case
    when ${tasks}.status_id = ${TaskStatus.inProgress} and ${tasks}.in_progress_since is not null
      then extract(epoch from (now() - ${tasks}.in_progress_since)) else 0 end)`;
}

/** Minutes of a sum of actual seconds, rounded once at the end so many short spans do not each lose their seconds. */
export function actualMinutesSum(tasks: SQL = sql`tasks`): SQL<number> {
  return sql<number>`coalesce(round(sum(${actualSecondsOf(tasks)}) / 60), 0)::int`;
}

/**
 * The same sum for tasks known to be completed: the trigger closed their last span when the completion was written,
 * so in_progress_seconds alone is their actual time, and the dashboard's index on completed tasks
 * (tasks_dashboard_done_idx) answers it without reading the task rows.
 */
export function completedActualMinutesSum(tasks: SQL = sql`tasks`): SQL<number> {
  return sql<number>`coalesce(round(sum(coalesce(${tasks}.in_progress_seconds, 0)) / 60), 0)::int`;
}
