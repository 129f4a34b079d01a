import 'server-only';
import { eq } from 'drizzle-orm';
import { tenants } from '@/db/schema';
import {
  AutoScheduleErrorCode,
  type AutoScheduleNotPlaced,
  type AutoScheduleQuery,
  type AutoScheduleReason,
  type AutoScheduleResult,
  type AutoScheduleWorkerResult,
} from '@/lib/contract/auto-schedule';
import { compareByName } from '@/lib/contract/person-name';
import { solveAsync, type SolveResult } from '@/lib/server/auto-schedule/engine';
import type { Tx } from '@/lib/server/core/db';
import { env } from '@/lib/server/core/env';
import type { Ctx } from '@/lib/server/core/ctx';
import { conflict } from '@/lib/server/core/errors';
import type { Coordinates } from '@/lib/server/integrations/router';
import { autoScheduleMessages } from './messages';
import { recheckPlacements, tryLockDay, writeRun, type Placement } from './placements';
import { buildProblem, idOfKey, jobKey, workerKey, reasonOf, solveInput, timeLimitMs, type Problem, type ProblemData } from './problem';
import { planDay, readSelectedTasks, readTimeSlots, readTypeSkills, type PlanDay, type SelectedTask } from './selection';
import { travelMatrix, withNowhere, type Travel } from './travel';
import { readWorkerDays, readWorkerSkills, readWorkerZones, type WorkerDay } from './workers';

export interface ApplyOptions {
  /**
   * Runs between the solve and the re-check, outside the run's own writes. Tests use it to change a task or a
   * worker's day "while solving", which otherwise depends on timing.
   */
  afterSolve?: () => Promise<void>;
}

async function officeLocation(tx: Tx, ctx: Ctx): Promise<Coordinates | null> {
  const [row] = await tx.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const office = row?.settings.officeLocation;
  return office ? { latitude: office.latitude, longitude: office.longitude } : null;
}

/** Everything the problem needs, read inside the run's transaction. */
async function readProblemData(tx: Tx, ctx: Ctx, plan: PlanDay): Promise<ProblemData> {
  const inTx: Ctx = { ...ctx, db: tx };
  const tasks = await readSelectedTasks(tx, ctx, plan.range);
  const workers = await readWorkerDays(inTx, plan);
  const workerIds = workers.map((worker) => worker.id);
  const slotIds = [...new Set(tasks.flatMap((task) => (task.timeSlotId === null ? [] : [task.timeSlotId])))];
  const typeIds = [...new Set(tasks.map((task) => task.typeId))];
  return {
    plan,
    timeZone: ctx.tenantTimeZone,
    features: ctx.features,
    tasks,
    workers,
    office: await officeLocation(tx, ctx),
    slots: await readTimeSlots(tx, ctx, slotIds),
    typeSkills: await readTypeSkills(tx, ctx, typeIds),
    workerSkills: await readWorkerSkills(tx, ctx, workerIds),
    workerZones: await readWorkerZones(tx, ctx, workerIds),
  };
}

interface Solved {
  result: SolveResult | null;
  travel: Travel | null;
  reasons: Map<number, AutoScheduleReason>;
  placements: Placement[];
}

/** The solve itself; with no worker free that day, every located task simply has no free time to go to. */
async function solveProblem(ctx: Ctx, plan: PlanDay, problem: Problem): Promise<Solved> {
  const reasons = new Map(problem.decided);
  if (problem.jobs.length === 0) return { result: null, travel: null, reasons, placements: [] };
  if (problem.workers.length === 0) {
    for (const job of problem.jobs) reasons.set(idOfKey(job.id), 'NO_FREE_TIME_IN_WINDOW');
    return { result: null, travel: null, reasons, placements: [] };
  }
  const travel = await travelMatrix(ctx, problem.points);
  const result = await solveAsync(solveInput(problem, travel, timeLimitMs(problem.jobs.length, env.autoScheduleTimeLimitMs)));
  for (const job of result.unassigned) reasons.set(idOfKey(job.jobId), reasonOf(job.reason));
  const placements = result.routes.flatMap((route) =>
    route.visits
      .filter((visit) => !visit.fixed)
      .map((visit) => ({ taskId: idOfKey(visit.jobId), workerId: idOfKey(route.workerId), start: Math.round(plan.range.start + visit.start * 1000) })),
  );
  return { result, travel, reasons, placements };
}

/**
 * Each worker who got a task: how many, and their day's travel in whole minutes (start location, every visit in
 * the solved order, back) on the unrounded travel times, without the placements the re-check took back.
 */
function workerResults(
  solved: Solved,
  problem: Problem,
  kept: readonly Placement[],
  workers: readonly WorkerDay[],
): AutoScheduleWorkerResult[] {
  if (!solved.result || !solved.travel) return [];
  const startLocation = new Map(problem.workers.map((worker) => [worker.id, worker.startLocation]));
  const durations = withNowhere(solved.travel.durations);
  const keptIds = new Set(kept.map((placement) => jobKey(placement.taskId)));
  const answer: AutoScheduleWorkerResult[] = [];
  const input = new Map(workers.map((worker) => [workerKey(worker.id), worker]));
  for (const route of solved.result.routes) {
    const worker = input.get(route.workerId);
    const visits = route.visits.filter((visit) => visit.fixed || keptIds.has(visit.jobId));
    const tasksPlaced = visits.filter((visit) => !visit.fixed).length;
    if (!worker || tasksPlaced === 0) continue;
    const start = startLocation.get(route.workerId) ?? 0;
    let seconds = 0;
    let at = start;
    for (const visit of visits) {
      seconds += durations[at][visit.location];
      at = visit.location;
    }
    seconds += durations[at][start];
    answer.push({ id: worker.id, name: worker.name, surname: worker.surname, tasksPlaced, travelMinutes: Math.round(seconds / 60) });
  }
  return answer.sort(compareByName);
}

/**
 * PUT tasks/auto-schedule: plans the day's open tasks on the workers' free time and writes the plan, all in one
 * transaction under a lock of the tenant's day (a second run of the same day answers 409 rather than double-book).
 * After the solve, a task someone changed meanwhile is left alone and reported; the rest is written with its
 * history and live events, and the run is kept for undo. 200 even when some tasks could not be placed.
 */
export async function applyAutoSchedule(ctx: Ctx, query: AutoScheduleQuery, options: ApplyOptions = {}): Promise<AutoScheduleResult> {
  const plan = planDay(ctx, query.currentDate);
  return ctx.db.transaction(async (tx) => {
    if (!(await tryLockDay(tx, ctx, plan.day))) throw conflict(AutoScheduleErrorCode.running, autoScheduleMessages.running);
    const data = await readProblemData(tx, ctx, plan);
    const problem = buildProblem(data);
    const solved = await solveProblem(ctx, plan, problem);
    await options.afterSolve?.();
    const read = new Map<number, SelectedTask>(data.tasks.map((task) => [task.id, task]));
    const { kept, changed } = await recheckPlacements(tx, ctx, plan, solved.placements, read);
    for (const taskId of changed) solved.reasons.set(taskId, 'CHANGED_WHILE_SOLVING');
    const runId = kept.length > 0 ? await writeRun(tx, ctx, plan, kept, read) : null;
    const notPlaced: AutoScheduleNotPlaced[] = data.tasks
      .filter((task) => solved.reasons.has(task.id))
      .map((task) => ({ id: task.id, referenceNumber: task.referenceNumber, title: task.title, reason: solved.reasons.get(task.id) ?? 'NO_ROOM_LEFT' }));
    return {
      runId,
      date: plan.day,
      placedCount: kept.length,
      notPlaced,
      workers: workerResults(solved, problem, kept, data.workers),
      travelSource: solved.travel?.source ?? (env.routerUrl ? 'router' : 'haversine'),
      routerFailed: solved.travel?.routerFailed ?? false,
    };
  });
}
