import { earliestStart, type Problem } from './model';
import type { Solution } from './solution';
import type { ScheduledVisit, SolveResult, UnassignedJob, UnassignedReason, WorkerRoute } from './types';

/** Routes holding only the fixed jobs, in start order: the skeleton every solution builds on. */
export function placeFixedJobs(solution: Solution): void {
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
export function aloneReason(problem: Problem, skeleton: Solution, node: number): UnassignedReason | null {
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

export function buildResult(problem: Problem, solution: Solution, reasons: (UnassignedReason | null)[], stats: SolveResult['stats']): SolveResult {
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
