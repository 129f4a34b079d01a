import { z } from 'zod';
import { Id } from './ids';
import { rule } from './problems';

/**
 * The efficiency report (spec 03 §2.8, §3, §9): tasks COMPLETED in a range of local days, each with its estimate
 * (the appointment's duration) against its actual time (minutes spent in status "in progress", from the timeline).
 * Every duration in the answer is a whole number of minutes, `workingHours` included.
 */

/** A year of days at most, the availability service's limit: the working-hours total reads every day of the range. */
export const efficiencyMaxDays = 366;

/** A calendar date: '2026-02-30' is refused here rather than by PostgreSQL (a 500) or by Date.parse (NaN). */
const IsoDate = z.iso.date({ error: 'A date is YYYY-MM-DD.' });

/** Whole days between two 'YYYY-MM-DD' dates, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * POST reports/efficiency?from=YYYY-MM-DD&to=YYYY-MM-DD: local days of the tenant's zone, the range running from
 * `from` 00:00:00.000 to the end of `to` (23:59:59.999…, i.e. before the next local midnight).
 */
export const EfficiencyQuery = z
  .object({ from: IsoDate, to: IsoDate })
  .refine((range) => range.from <= range.to, { ...rule('reports.rangeReversed', 'The end of the range comes before its start.'), path: ['to'] })
  .refine((range) => daysInRange(range.from, range.to) <= efficiencyMaxDays, {
    ...rule('reports.rangeTooLong', `A report covers at most ${efficiencyMaxDays} days.`, { max: efficiencyMaxDays }),
    path: ['to'],
  });
export type EfficiencyQuery = z.infer<typeof EfficiencyQuery>;

const IdList = z.array(Id).max(10_000).optional();

/**
 * The filters; an empty or missing list does not filter. `assigneeId` is the spec's name of the list of worker ids;
 * `assigneeIds` is taken as well. Ids the tenant does not have (another tenant's, say) simply match nothing.
 */
export const EfficiencyBody = z
  .object({ clientIds: IdList, typeIds: IdList, assigneeId: IdList, assigneeIds: IdList })
  .optional();
export type EfficiencyBody = z.infer<typeof EfficiencyBody>;

export interface EfficiencyFilters {
  clientIds: number[];
  typeIds: number[];
  assigneeIds: number[];
}

export function filtersOf(body: EfficiencyBody): EfficiencyFilters {
  return {
    clientIds: [...new Set(body?.clientIds ?? [])],
    typeIds: [...new Set(body?.typeIds ?? [])],
    assigneeIds: [...new Set([...(body?.assigneeId ?? []), ...(body?.assigneeIds ?? [])])],
  };
}

export interface EfficiencyTotals {
  /** Sum of the rows' estimates. */
  totalEstimate: number;
  /** Sum of the rows' actual minutes. */
  totalActual: number;
  /**
   * The selected workers' working time over the range, in minutes: for each worker and local day, the hours of the
   * worker's own record for that date, else of their template's weekday. A day with neither (no template, no
   * record) counts nothing. With no worker chosen, every (non-deleted) worker of the tenant counts, deactivated
   * ones too: the report looks back at time they worked.
   */
  workingHours: number;
}

export interface EfficiencyRow extends Partial<EfficiencyTotals> {
  task: {
    id: number;
    referenceNumber: number;
    title: string;
    client: { id: number; displayName: string } | null;
  };
  assignees: { id: number; name: string; surname: string }[];
  /** When the work began: the first time the task entered "in progress"; null if it never did. */
  startDate: string | null;
  /** When the task was completed (it last entered "completed"): the date the range is about. */
  endDate: string;
  /** The appointment's duration, minutes. */
  estimate: number;
  /** Minutes spent in "in progress", every span added up, pauses left out; rounded to the minute. */
  actual: number;
  /** actual − estimate (positive: took longer than planned); null when under a minute either way. */
  difference: number | null;
  /** estimate / actual as a whole percent; 0 when actual is 1 minute or less. */
  efficiency: number;
}

/** The first row carries the totals (spec 03 §3); with no row there is nothing to total. */
export type EfficiencyReport = EfficiencyRow[];

/** Spec 03 §9: estimate over actual as a percent, 0 when actual is a minute or less. */
export function efficiencyPercent(estimate: number, actual: number): number {
  return actual <= 1 ? 0 : Math.round((estimate * 100) / actual);
}

/**
 * The bar's colour by efficiency percent (the spec leaves the thresholds open): no measure (0) grey; under 50 % red
 * (more than twice the estimate); under 80 % orange; up to 110 % green (on or near the estimate); above, blue
 * (well under the estimate: worth checking the estimate itself).
 */
export type EfficiencyBand = 'none' | 'poor' | 'fair' | 'good' | 'over';

export function efficiencyBand(percent: number): EfficiencyBand {
  if (percent <= 0) return 'none';
  if (percent < 50) return 'poor';
  if (percent < 80) return 'fair';
  if (percent <= 110) return 'good';
  return 'over';
}

/** Report bars are drawn to this percent at full width; higher values fill the bar. */
export const efficiencyBarMax = 150;

/** The report screen's first data, read with the page. */
export interface EfficiencyReportStart {
  tenantTimeZone: string;
  workers: { id: number; name: string; surname: string; active: boolean }[];
  clients: { id: number; displayName: string }[];
  taskTypes: { id: number; type: string }[];
}
