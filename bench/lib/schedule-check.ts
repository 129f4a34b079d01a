import type { SolveInput, SolveResult } from '../../lib/server/auto-schedule/engine/types';

const EPSILON = 1e-6;

/**
 * Validates a result against its input without the engine's bookkeeping: it replays each route from the matrices
 * (leave at the first shift start, wait for windows), and checks windows, shifts, skills, allowed workers, capacity,
 * fixed jobs, that each job appears once, and the reported totals. Returns the list of violations (empty when valid).
 */
export function checkSolution(input: SolveInput, result: SolveResult): string[] {
  const errors: string[] = [];
  const jobs = new Map(input.jobs.map((job) => [job.id, job]));
  const workers = new Map(input.workers.map((worker) => [worker.id, worker]));
  const seen = new Set<string>();
  let totalDuration = 0;
  for (const route of result.routes) {
    const worker = workers.get(route.workerId);
    if (!worker) {
      errors.push(`unknown worker ${route.workerId}`);
      continue;
    }
    const shifts = [...worker.shifts].sort((a, b) => a.start - b.start);
    const fixedById = new Map((worker.fixedJobs ?? []).map((fixed) => [fixed.id, fixed]));
    const fixedSeen = new Set<string>();
    const load: number[] = [];
    let time = shifts[0].start;
    let location = worker.startLocation;
    for (const visit of route.visits) {
      const fixed = fixedById.get(visit.jobId);
      const job = jobs.get(visit.jobId);
      const at = fixed ? fixed.location : job?.location;
      if (at === undefined) {
        errors.push(`route ${route.workerId}: unknown job ${visit.jobId}`);
        continue;
      }
      const arrival = time + input.durations[location][at];
      totalDuration += input.durations[location][at];
      if (visit.start < arrival - EPSILON) errors.push(`${visit.jobId} starts at ${visit.start} before arriving at ${arrival}`);
      const start = Math.max(arrival, visit.start);
      if (fixed) {
        fixedSeen.add(fixed.id);
        if (Math.abs(visit.start - fixed.start) > EPSILON) errors.push(`fixed ${fixed.id} moved from ${fixed.start} to ${visit.start}`);
        if (arrival > fixed.start + EPSILON) errors.push(`fixed ${fixed.id} reached late at ${arrival}`);
        (fixed.demand ?? []).forEach((amount, dimension) => (load[dimension] = (load[dimension] ?? 0) + amount));
        time = fixed.start + fixed.duration;
      } else if (job) {
        if (seen.has(job.id)) errors.push(`job ${job.id} served twice`);
        seen.add(job.id);
        const windows = job.timeWindows ?? [];
        if (windows.length > 0 && !windows.some((window) => start >= window.start - EPSILON && start <= window.end + EPSILON)) {
          errors.push(`job ${job.id} starts at ${start} outside its windows`);
        }
        if (!shifts.some((shift) => start >= shift.start - EPSILON && start + job.duration <= shift.end + EPSILON)) {
          errors.push(`job ${job.id} served at ${start} outside the shifts of ${worker.id}`);
        }
        const skills = new Set(worker.skills ?? []);
        if (!(job.skills ?? []).every((skill) => skills.has(skill))) errors.push(`job ${job.id} given to ${worker.id} without the skills`);
        if (job.allowedWorkers && !job.allowedWorkers.includes(worker.id)) errors.push(`job ${job.id} given to ${worker.id} outside its allowed workers`);
        (job.demand ?? []).forEach((amount, dimension) => (load[dimension] = (load[dimension] ?? 0) + amount));
        time = start + job.duration;
      }
      location = at;
    }
    totalDuration += input.durations[location][worker.endLocation];
    const back = time + input.durations[location][worker.endLocation];
    if (back > shifts[shifts.length - 1].end + EPSILON) errors.push(`${worker.id} back at ${back} after the last shift`);
    load.forEach((amount, dimension) => {
      const limit = worker.capacity?.[dimension];
      if (limit !== undefined && amount > limit + EPSILON) errors.push(`${worker.id} carries ${amount} over capacity ${limit}`);
    });
    for (const fixed of worker.fixedJobs ?? []) if (!fixedSeen.has(fixed.id)) errors.push(`fixed ${fixed.id} missing from ${worker.id}`);
  }
  for (const worker of input.workers) {
    if ((worker.fixedJobs ?? []).length > 0 && !result.routes.some((route) => route.workerId === worker.id)) errors.push(`${worker.id} lost its fixed jobs`);
  }
  const unassigned = new Set(result.unassigned.map((entry) => entry.jobId));
  for (const job of input.jobs) {
    if (seen.has(job.id) === unassigned.has(job.id)) errors.push(`job ${job.id} must be either served or unassigned`);
  }
  if (result.servedCount !== seen.size) errors.push(`servedCount ${result.servedCount} but ${seen.size} served`);
  if (Math.abs(totalDuration - result.totalDuration) > 1e-6 * Math.max(1, totalDuration)) errors.push(`totalDuration ${result.totalDuration} but replay gives ${totalDuration}`);
  return errors;
}

/** Travel cost of the routes under the input's objective, recomputed from the matrix. */
export function routeCost(input: SolveInput, result: SolveResult): number {
  const matrix = input.objective === 'distance' && input.distances ? input.distances : input.durations;
  const workers = new Map(input.workers.map((worker) => [worker.id, worker]));
  let total = 0;
  for (const route of result.routes) {
    const worker = workers.get(route.workerId);
    if (!worker) continue;
    let location = worker.startLocation;
    for (const visit of route.visits) {
      total += matrix[location][visit.location];
      location = visit.location;
    }
    total += matrix[location][worker.endLocation];
  }
  return total;
}
