import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { periodRange, type DashboardPeriod, type PeriodRange } from '@/lib/contract/dashboard';
import { addDays, startOfDay, todayIn } from '@/lib/contract/zoned-time';
import type { Ctx } from '@/lib/server/core/ctx';

/** A period in the tenant's zone, with the instants that bound it: [start, end), end being next local midnight. */
export interface PeriodBounds extends PeriodRange {
  timeZone: string;
  start: SQL;
  end: SQL;
}

const instant = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

export function periodBounds(ctx: Pick<Ctx, 'tenantTimeZone'>, period: DashboardPeriod, now = new Date()): PeriodBounds {
  const timeZone = ctx.tenantTimeZone;
  const range = periodRange(period, todayIn(timeZone, now));
  return {
    ...range,
    timeZone,
    start: instant(startOfDay(range.from, timeZone)),
    end: instant(startOfDay(addDays(range.to, 1), timeZone)),
  };
}

/**
 * The bucket (its first day, as a date) an instant column falls in, on the tenant's clock: date_trunc over the local
 * time, so a task completed at 00:30 in Rome lands on that Rome day, whatever the UTC date.
 */
export function bucketOf(column: SQL, bounds: PeriodBounds): SQL {
  return sql`date_trunc(${bounds.unit}, ${column} at time zone ${bounds.timeZone})::date`;
}

/** Every bucket of the period as rows `bucket` (date), so empty buckets answer zero. */
export function bucketSeries(bounds: PeriodBounds): SQL {
  const first = bounds.buckets[0];
  const last = bounds.buckets[bounds.buckets.length - 1];
  return sql`generate_series(${first}::date, ${last}::date, ${`1 ${bounds.unit}`}::interval)`;
}
