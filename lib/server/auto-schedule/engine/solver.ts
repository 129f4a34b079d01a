import type { Clock } from './clock';
import { regretInsertion } from './construction';
import { LocalSearch } from './local-search';
import { buildProblem } from './model';
import { Random } from './random';
import { buildRecreateKeys, recreate, ruinRandom, ruinStrings } from './ruin-recreate';
import { aloneReason, buildResult, placeFixedJobs } from './result';
import { Solution, type InsertionChoice } from './solution';
import type { SolveInput, SolveResult, UnassignedReason } from './types';

export interface SolveOptions {
  /** Defaults to performance.now. */
  clock?: Clock;
}

const DEFAULT_TIME_LIMIT_MS = 1000;
/**
 * Simulated-annealing temperatures, as multiples of the average travel cost of one leg of the first solution. A hot
 * start (close to SISR's) measured better than a cool one on the hard Solomon instances at every budget tried, from
 * 2,000 iterations (a busy machine) to 40,000, so the schedule does not need to adapt to how many iterations come.
 */
const START_TEMPERATURE_RATIO = 10;
const END_TEMPERATURE_RATIO = 0.05;
/** Share of the search that may go to serving every job before travel is optimised (only while jobs are left out). */
const SERVING_PHASE_END = 0.6;

function absenceSum(nodes: readonly number[], absence: Float64Array): number {
  let total = 0;
  for (const node of nodes) total += absence[node];
  return total;
}

/**
 * Places as many jobs as possible (weighted by priority), then minimises travel cost: regret insertion builds a first
 * solution, then ruin and recreate under simulated annealing explores until the time limit, and every new best is
 * polished by local search. Returns the best solution met, which is never worse than the construction: the search
 * reads the clock before every step and stops at the first reading past the limit, however few steps a busy machine
 * allowed. `options.clock` replaces the clock (tests drive it to play a busy machine deterministically).
 */
export function solve(input: SolveInput, options: SolveOptions = {}): SolveResult {
  const steps = solveSteps(input, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How long the server's solve runs before it lets other requests through. */
const SLICE_MS = 20;

/**
 * The same search as solve(), giving the event loop back every few milliseconds: a server answers other users (and
 * keeps its live streams flowing) while a day is being planned, instead of freezing for the whole time limit.
 */
export async function solveAsync(input: SolveInput, options: SolveOptions = {}): Promise<SolveResult> {
  const clock = options.clock ?? (() => performance.now());
  const steps = solveSteps(input, options);
  let sliceStart = clock();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (clock() - sliceStart >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = clock();
    }
  }
}

/** The search itself, pausing (yield) between annealing iterations so a caller can interleave other work. */
function* solveSteps(input: SolveInput, options: SolveOptions): Generator<void, SolveResult> {
  const clock = options.clock ?? (() => performance.now());
  // The budget counts from here: what the caller did before is not charged, compiling the input below is.
  const startedAt = clock();
  const timeLimitMs = input.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const deadline = startedAt + timeLimitMs;
  const random = new Random(input.seed ?? 1);
  const problem = buildProblem(input);

  const placeable = new Uint8Array(problem.nodeCount);
  const skeleton = new Solution(problem, placeable);
  placeFixedJobs(skeleton);
  const reasons: (UnassignedReason | null)[] = problem.staticReason.slice();
  for (let node = 0; node < problem.jobCount; node++) {
    if (reasons[node] === null) reasons[node] = aloneReason(problem, skeleton, node);
    placeable[node] = reasons[node] === null ? 1 : 0;
  }

  const solution = new Solution(problem, placeable);
  placeFixedJobs(solution);
  for (let node = 0; node < problem.jobCount; node++) if (placeable[node] === 1) solution.unassigned.push(node);
  regretInsertion(solution);
  // The first local search reads the clock at every job, so it cannot overrun the budget; the solution it leaves is
  // the first best, so nothing later can return worse than the construction.
  const search = new LocalSearch(solution, random);
  let stoppedByTimeLimit = !search.run(clock, deadline);

  let best = solution.snapshot();
  let bestObjective = solution.objective();
  let currentObjective = bestObjective;
  const keys = buildRecreateKeys(problem);
  const absence = new Float64Array(problem.nodeCount);
  const choice: InsertionChoice = { route: -1, position: -1, delta: Infinity };
  let legs = 0;
  for (const route of solution.routes) if (route.nodes.length > 0) legs += route.nodes.length + 1;
  const legCost = legs > 0 ? solution.cost() / legs : 1;
  const startTemperature = legCost * START_TEMPERATURE_RATIO;
  const endTemperature = legCost * END_TEMPERATURE_RATIO;
  const maxIterations = input.maxIterations ?? Infinity;

  let iterations = 0;
  let currentUnserved = solution.unservedWeight();
  let servingPhase = currentUnserved > 0;
  while (!stoppedByTimeLimit && iterations < maxIterations) {
    // Before the clock is read: time spent away (solveAsync serving others) counts against the limit.
    yield;
    const now = clock();
    if (now >= deadline) {
      stoppedByTimeLimit = true;
      break;
    }
    if (solution.unassigned.length === 0 && bestObjective === 0) break;
    const progress = Number.isFinite(maxIterations) ? iterations / maxIterations : (now - startedAt) / timeLimitMs;
    if (servingPhase && (progress >= SERVING_PHASE_END || currentUnserved === 0)) {
      // From here on the annealing on travel takes over, starting from the best found.
      servingPhase = false;
      solution.restore(best);
      currentObjective = bestObjective;
      currentUnserved = solution.unservedWeight();
    }
    const temperature = startTemperature * Math.pow(endTemperature / startTemperature, progress);
    iterations++;

    const currentAbsence = servingPhase ? absenceSum(solution.unassigned, absence) : 0;
    solution.begin();
    if (random.next() < 0.9) ruinStrings(solution, random, placeable);
    else ruinRandom(solution, random, placeable);
    recreate(solution, random, keys, absence, choice);
    for (const node of solution.unassigned) absence[node]++;
    const candidateObjective = solution.objective();
    const candidateUnserved = solution.unservedWeight();
    // While jobs are left out, SISR's fleet-minimisation rule: fewer unserved, or unserved jobs that are left out less
    // often, which lets the search drift towards solutions where the hard jobs fit.
    const accepted = servingPhase
      ? candidateUnserved < currentUnserved || absenceSum(solution.unassigned, absence) < currentAbsence
      : candidateObjective < currentObjective - temperature * Math.log(random.next());
    if (accepted) {
      const touched = solution.touchedRoutes();
      solution.commit();
      currentObjective = candidateObjective;
      currentUnserved = candidateUnserved;
      if (candidateObjective < bestObjective - 1e-9) {
        // Only the routes the ruin and recreate rewrote can hold a new improving move (nearly always).
        stoppedByTimeLimit = !search.run(clock, deadline, touched);
        currentObjective = solution.objective();
      }
      if (currentObjective < bestObjective - 1e-9) {
        bestObjective = currentObjective;
        best = solution.snapshot();
      }
    } else {
      solution.rollback();
    }
  }

  solution.restore(best);
  return buildResult(problem, solution, reasons, { iterations, elapsedMs: clock() - startedAt, stoppedByTimeLimit });
}
