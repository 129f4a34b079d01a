import 'server-only';
import { sortedByName } from '@/lib/contract/person-name';
import type { AutoScheduleQuery, AutoScheduleSummary } from '@/lib/contract/auto-schedule';
import type { Ctx } from '@/lib/server/core/ctx';
import { countUnscheduled, planDay, readSelectedSummary } from './selection';
import { anyWorkerHasTemplate, readWorkerDays } from './workers';

/**
 * GET tasks/auto-schedule/summary: what a run of the day would place (the same selection as the run), the workers
 * with free time that day, and what the modal needs for its empty states (no template anywhere, nothing unscheduled).
 */
export async function autoScheduleSummary(ctx: Ctx, query: AutoScheduleQuery): Promise<AutoScheduleSummary> {
  const plan = planDay(ctx, query.currentDate);
  const [tasks, workers, hasTemplate, unscheduledCount] = await Promise.all([
    readSelectedSummary(ctx.db, ctx, plan.range),
    readWorkerDays(ctx, plan),
    anyWorkerHasTemplate(ctx.db, ctx),
    countUnscheduled(ctx.db, ctx),
  ]);
  return {
    date: plan.day,
    tasks,
    workers: sortedByName(workers).map((worker) => ({ id: worker.id, name: worker.name, surname: worker.surname, freeMinutes: worker.freeMinutes })),
    anyWorkerHasTemplate: hasTemplate,
    unscheduledCount,
  };
}
