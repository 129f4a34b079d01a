import { z } from 'zod';
import { addDays, weekdayOf } from './zoned-time';

/** The dashboard's periods (spec 03 §2.9, §9); 1W is the default. */
export const dashboardPeriods = ['1W', '1M', '3M', '1Y'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];
export const defaultDashboardPeriod: DashboardPeriod = '1W';

/** `?period=`: one of the four; left out, the default week. */
export const DashboardPeriodQuery = z.object({
  period: z.enum(dashboardPeriods).default(defaultDashboardPeriod),
});
export type DashboardPeriodQuery = z.infer<typeof DashboardPeriodQuery>;

export type BucketUnit = 'day' | 'week' | 'month';

/**
 * A period as calendar days in the tenant's zone: `from` (first day, inclusive) to `to` (last day, inclusive: today),
 * cut into buckets that all start on a bucket boundary. 1W: the last 7 days by day; 1M: the last 30 days by day;
 * 3M: this ISO week and the 12 before it, by week (Monday); 1Y: this month and the 11 before it, by month.
 */
export interface PeriodRange {
  from: string;
  to: string;
  unit: BucketUnit;
  /** The first day of each bucket, oldest first. */
  buckets: string[];
}

const firstOfMonth = (date: string, monthsBack: number): string => {
  const [year, month] = date.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 - monthsBack, 1));
  return first.toISOString().slice(0, 10);
};

/** How a period's series is cut: by day for 1W and 1M, by week for 3M, by month for 1Y. */
export const bucketUnitOf = (period: DashboardPeriod): BucketUnit =>
  period === '3M' ? 'week' : period === '1Y' ? 'month' : 'day';

/** The period ending today (a tenant-zone date, 'YYYY-MM-DD'). */
export function periodRange(period: DashboardPeriod, today: string): PeriodRange {
  switch (period) {
    case '1W':
    case '1M': {
      const days = period === '1W' ? 7 : 30;
      const buckets = Array.from({ length: days }, (_, index) => addDays(today, index - days + 1));
      return { from: buckets[0], to: today, unit: 'day', buckets };
    }
    case '3M': {
      const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
      const buckets = Array.from({ length: 13 }, (_, index) => addDays(monday, (index - 12) * 7));
      return { from: buckets[0], to: today, unit: 'week', buckets };
    }
    case '1Y': {
      const buckets = Array.from({ length: 12 }, (_, index) => firstOfMonth(today, 11 - index));
      return { from: buckets[0], to: today, unit: 'month', buckets };
    }
  }
}

/** GET dashboard/total-tasks: live tasks ever, and those created in the last 7 days (today included). */
export interface TotalTasksView {
  totalAllTime: number;
  totalLastSevenDays: number;
}

/** GET dashboard/workforce-availability: active workers, and those of them signed in now (see the server's rule). */
export interface WorkforceAvailabilityView {
  totalWorkers: number;
  totalWorkersLoggedIn: number;
}

/** GET dashboard/task-status-analysis: live tasks by current status; `total` is every live task. */
export interface TaskStatusAnalysisView {
  total: number;
  pending: number;
  inProgress: number;
  paused: number;
  completed: number;
  cancelled: number;
}

/** GET dashboard/task-type-analysis: tasks with their appointment in the period, by task type. */
export interface TaskTypeCount {
  typeId: number;
  type: string;
  count: number;
}

/** GET dashboard/completed-tasks: one entry per bucket, empty buckets included. */
export interface CompletedTasksPoint {
  /** First day of the bucket, 'YYYY-MM-DD' in the tenant's zone. */
  period: string;
  completed: number;
}

/** GET dashboard/estimated-hours-vs-actual-hours: tasks completed in each bucket; minutes, as the spec's data. */
export interface EstimatedActualPoint {
  period: string;
  estimate: number;
  actual: number;
}

/** GET dashboard/task-location-analysis: task places with their appointment in the period, about 100 m apart. */
export interface TaskLocationPoint {
  lat: number;
  lng: number;
  count: number;
}

/** Minutes of work completed in the period, per worker or per client. */
export interface WorkSummary {
  completed: number;
  estimate: number;
  actual: number;
}

/** GET dashboard/workforce-analysis: one row per assignee of a task completed in the period. */
export interface WorkforceAnalysisRow extends WorkSummary {
  assigneeId: number;
  name: string;
  surname: string;
}

/** GET dashboard/customer-analysis: one row per client of a task completed in the period. */
export interface CustomerAnalysisRow extends WorkSummary {
  clientId: number;
  displayName: string;
}
