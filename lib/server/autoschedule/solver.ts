import { regretInsertion } from './construction';
import { localSearch } from './local-search';
import { buildProblem, earliestStart, type Problem } from './model';
import { Random } from './random';
import { buildRecreateKeys, recreate, ruinRandom, ruinStrings } from './ruin-recreate';
import { Solution, type InsertionChoice } from './solution';
import type { ScheduledVisit, SolveInput, SolveResult, UnassignedJob, UnassignedReason, WorkerRoute } from './types';

const DEFAULT_TIME_LIMIT_MS = 1000;
/** Simulated-annealing temperatures, as multiples of the average travel cost of one leg of the first solution. */
const START_TEMPERATURE_RATIO = 2;
const END_TEMPERATURE_RATIO = 0.005;
/** Share of the search that may go to serving every job before travel is optimised (only while jobs are left out). */
const SERVING_PHASE_END = 0.6;

function absenceSum(nodes: readonly number[], absence: Float64Array): number {
  let total = 0;
  for (const node of nodes) total += absence[node];
  return total;
}

/** Routes holding only the fixed jobs, in start order: the skeleton every solution builds on. */
function placeFixedJobs(solution: Solution): void {
  const problem = solution.problem;
  for (let worker = 0; worker < problem.workerCount; worker++) {
    const fixed: number[] = [];
    for (let node = problem.jobCount; node < problem.nodeCount; node++) if (problem.nodeFixedWorker[node] === worker) fixed.push(node);
    if (fixed.length === 0) continue;
    const profile = problem.workerProfile[worker];
    fixed.sort((x, y) => earliestStart(problem, x, profile, -Infinity) - earliestStart(problem, y, profile, -Infinity));
    solution.routes[worker].nodes = fixed;
    solution.refreshRoute(worker);
  }
}

/** Why a job that qualifies for some worker could not be placed even alone beside the fixed jobs. */
function aloneReason(problem: Problem, skeleton: Solution, node: number): UnassignedReason | null {
  let fitsCapacity = false;
  for (let worker = 0; worker < problem.workerCount; worker++) {
    if (problem.eligible[node * problem.workerCount + worker] === 0) continue;
    const route = skeleton.routes[worker];
    if (!route.fitsLoad(node, -1)) continue;
    fitsCapacity = true;
    for (let position = 0; position <= route.nodes.length; position++) {
      if (route.insertionDelta(node, position, Infinity) < Infinity) return null;
    }
  }
  return fitsCapacity ? 'NO_FREE_TIME_IN_WINDOW' : 'NO_ROOM_LEFT';
}

function buildResult(problem: Problem, solution: Solution, reasons: (UnassignedReason | null)[], stats: SolveResult['stats']): SolveResult {
  const size = problem.locationCount;
  const routes: WorkerRoute[] = [];
  let totalDuration = 0;
  let totalDistance = 0;
  let servedCount = 0;
  for (const route of solution.routes) {
    if (route.nodes.length === 0) continue;
    const visits: ScheduledVisit[] = [];
    let travelDuration = 0;
    let travelDistance = 0;
    let location = route.location[0];
    let time = route.departure[0];
    for (const node of route.nodes) {
      const at = problem.nodeLocation[node];
      travelDuration += problem.travelTime[location * size + at];
      travelDistance += problem.travelDistance[location * size + at];
      const arrival = time + problem.travelTime[location * size + at];
      const start = earliestStart(problem, node, route.profile, arrival);
      const end = start + problem.nodeDuration[node];
      visits.push({ jobId: problem.nodeIds[node], fixed: node >= problem.jobCount, location: at, arrival, start, end });
      if (node < problem.jobCount) servedCount++;
      time = end;
      location = at;
    }
    const endLocation = route.location[route.nodes.length + 1];
    travelDuration += problem.travelTime[location * size + endLocation];
    travelDistance += problem.travelDistance[location * size + endLocation];
    totalDuration += travelDuration;
    totalDistance += travelDistance;
    routes.push({
      workerId: problem.workerIds[route.worker],
      departure: route.departure[0],
      returnTime: time + problem.travelTime[location * size + endLocation],
      visits,
      travelDuration,
      travelDistance,
      load: Array.from(route.load),
    });
  }
  const unassigned: UnassignedJob[] = [];
  for (let node = 0; node < problem.jobCount; node++) {
    if (solution.nodeRoute[node] >= 0) continue;
    unassigned.push({ jobId: problem.jobIds[node], reason: reasons[node] ?? 'NO_ROOM_LEFT' });
  }
  return { routes, unassigned, servedCount, totalDuration, totalDistance, stats };
}

/**
 * Places as many jobs as possible (weighted by priority), then minimises travel cost: regret insertion builds a first
 * solution, then ruin and recreate under simulated annealing explores until the time limit, and every new best is
 * polished by local search. Returns the best solution met.
 */
export function solve(input: SolveInput): SolveResult {
  const startedAt = performance.now();
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
  localSearch(solution, random, deadline);

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
  let stoppedByTimeLimit = false;
  let currentUnserved = solution.unservedWeight();
  let servingPhase = currentUnserved > 0;
  while (iterations < maxIterations) {
    const now = performance.now();
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
      solution.commit();
      currentObjective = candidateObjective;
      currentUnserved = candidateUnserved;
      if (candidateObjective < bestObjective - 1e-9) {
        localSearch(solution, random, deadline);
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
  return buildResult(problem, solution, reasons, { iterations, elapsedMs: performance.now() - startedAt, stoppedByTimeLimit });
}
