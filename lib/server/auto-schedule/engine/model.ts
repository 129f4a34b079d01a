import type { SolveInput, TimeWindow, UnassignedReason } from './types';

/**
 * The input compiled into flat typed arrays for the search. Nodes 0..jobCount-1 are the jobs to place, the nodes after
 * them are the workers' fixed jobs. Start windows are stored per (node, timing profile): workers with the same start and
 * end locations and the same shifts share a profile, so a route suffix computed for one of them is valid for all.
 */
export interface Problem {
  jobCount: number;
  nodeCount: number;
  workerCount: number;
  dimensions: number;
  locationCount: number;
  nodeLocation: Int32Array;
  nodeDuration: Float64Array;
  /** nodeCount × dimensions. */
  nodeDemand: Float64Array;
  /** Weight of leaving the node unserved (1 + priority); zero for fixed jobs, which are never unserved. */
  nodeWeight: Float64Array;
  /** Owner of a fixed job, -1 for a job to place. */
  nodeFixedWorker: Int32Array;
  /** nodeCount × workerCount, 1 where the worker may take the node (skills, allowed list, fixed owner). */
  eligible: Uint8Array;
  /** Per node, why no worker qualifies, or null when some does. */
  staticReason: (UnassignedReason | null)[];
  workerStartLocation: Int32Array;
  workerEndLocation: Int32Array;
  workerDepartEarliest: Float64Array;
  workerReturnLatest: Float64Array;
  /** workerCount × dimensions; Infinity when unlimited. */
  workerCapacity: Float64Array;
  workerProfile: Int32Array;
  /** Workers with the same profile, capacity and eligibility column are interchangeable when their routes are empty. */
  workerClass: Int32Array;
  profileCount: number;
  /** Index node * profileCount + profile into windowOffset / windowCount. */
  windowOffset: Int32Array;
  windowCount: Int32Array;
  windowOpen: Float64Array;
  windowClose: Float64Array;
  /** Row-major locationCount × locationCount. */
  travelTime: Float64Array;
  travelCost: Float64Array;
  travelDistance: Float64Array;
  /** Per node, the other nodes ordered by closeness (cost both ways), truncated. */
  neighbours: Int32Array[];
  jobIds: string[];
  nodeIds: string[];
  workerIds: string[];
  /** Big enough that serving one more unit of weight always beats any saving in travel. */
  unservedPenalty: number;
}

const NEIGHBOUR_LIMIT = 40;

function mergeWindows(windows: TimeWindow[]): TimeWindow[] {
  const sorted = windows.filter((w) => w.end >= w.start).sort((x, y) => x.start - y.start);
  const merged: TimeWindow[] = [];
  for (const window of sorted) {
    const last = merged[merged.length - 1];
    if (last && window.start <= last.end) last.end = Math.max(last.end, window.end);
    else merged.push({ start: window.start, end: window.end });
  }
  return merged;
}

function flattenMatrix(rows: number[][], size: number, label: string): Float64Array {
  if (rows.length !== size) throw new Error(`${label} matrix must have ${size} rows, got ${rows.length}`);
  const flat = new Float64Array(size * size);
  for (let from = 0; from < size; from++) {
    const row = rows[from];
    if (row.length !== size) throw new Error(`${label} matrix row ${from} must have ${size} entries`);
    for (let to = 0; to < size; to++) {
      const value = row[to];
      if (!Number.isFinite(value) || value < 0) throw new Error(`${label} matrix entry ${from},${to} is not a finite non-negative number`);
      flat[from * size + to] = value;
    }
  }
  return flat;
}

export function buildProblem(input: SolveInput): Problem {
  const locationCount = input.durations.length;
  const travelTime = flattenMatrix(input.durations, locationCount, 'durations');
  const travelDistance = input.distances ? flattenMatrix(input.distances, locationCount, 'distances') : travelTime;
  if (input.objective === 'distance' && !input.distances) throw new Error('distance objective needs a distance matrix');
  const travelCost = input.objective === 'distance' ? travelDistance : travelTime;

  const workers = input.workers;
  const workerCount = workers.length;
  const fixedJobs = workers.flatMap((worker, workerIndex) => (worker.fixedJobs ?? []).map((fixed) => ({ fixed, workerIndex })));
  const jobCount = input.jobs.length;
  const nodeCount = jobCount + fixedJobs.length;

  let dimensions = 0;
  for (const job of input.jobs) dimensions = Math.max(dimensions, job.demand?.length ?? 0);
  for (const worker of workers) dimensions = Math.max(dimensions, worker.capacity?.length ?? 0);
  for (const { fixed } of fixedJobs) dimensions = Math.max(dimensions, fixed.demand?.length ?? 0);

  const checkLocation = (location: number, what: string): void => {
    if (!Number.isInteger(location) || location < 0 || location >= locationCount) throw new Error(`${what} has location ${location} outside the matrix`);
  };

  const nodeLocation = new Int32Array(nodeCount);
  const nodeDuration = new Float64Array(nodeCount);
  const nodeDemand = new Float64Array(nodeCount * dimensions);
  const nodeWeight = new Float64Array(nodeCount);
  const nodeFixedWorker = new Int32Array(nodeCount).fill(-1);
  const nodeIds: string[] = [];
  input.jobs.forEach((job, node) => {
    checkLocation(job.location, `job ${job.id}`);
    nodeLocation[node] = job.location;
    nodeDuration[node] = job.duration;
    (job.demand ?? []).forEach((amount, dimension) => (nodeDemand[node * dimensions + dimension] = amount));
    nodeWeight[node] = 1 + Math.max(0, job.priority ?? 0);
    nodeIds.push(job.id);
  });
  fixedJobs.forEach(({ fixed, workerIndex }, index) => {
    const node = jobCount + index;
    checkLocation(fixed.location, `fixed job ${fixed.id}`);
    nodeLocation[node] = fixed.location;
    nodeDuration[node] = fixed.duration;
    (fixed.demand ?? []).forEach((amount, dimension) => (nodeDemand[node * dimensions + dimension] = amount));
    nodeFixedWorker[node] = workerIndex;
    nodeIds.push(fixed.id);
  });

  const workerStartLocation = new Int32Array(workerCount);
  const workerEndLocation = new Int32Array(workerCount);
  const workerDepartEarliest = new Float64Array(workerCount);
  const workerReturnLatest = new Float64Array(workerCount);
  const workerCapacity = new Float64Array(workerCount * dimensions).fill(Infinity);
  const workerProfile = new Int32Array(workerCount);
  const workerShifts: TimeWindow[][] = [];
  const profileKeys = new Map<string, number>();
  workers.forEach((worker, index) => {
    checkLocation(worker.startLocation, `worker ${worker.id}`);
    checkLocation(worker.endLocation, `worker ${worker.id}`);
    const shifts = mergeWindows(worker.shifts);
    workerShifts.push(shifts);
    workerStartLocation[index] = worker.startLocation;
    workerEndLocation[index] = worker.endLocation;
    workerDepartEarliest[index] = shifts.length > 0 ? shifts[0].start : 0;
    workerReturnLatest[index] = shifts.length > 0 ? shifts[shifts.length - 1].end : -1;
    (worker.capacity ?? []).forEach((limit, dimension) => (workerCapacity[index * dimensions + dimension] = limit));
    const key = `${worker.startLocation}|${worker.endLocation}|${shifts.map((s) => `${s.start},${s.end}`).join(';')}`;
    let profile = profileKeys.get(key);
    if (profile === undefined) {
      profile = profileKeys.size;
      profileKeys.set(key, profile);
    }
    workerProfile[index] = profile;
  });
  const profileCount = profileKeys.size;
  const profileShifts: TimeWindow[][] = new Array<TimeWindow[]>(profileCount);
  workers.forEach((_, index) => (profileShifts[workerProfile[index]] = workerShifts[index]));

  const eligible = new Uint8Array(nodeCount * workerCount);
  const staticReason: (UnassignedReason | null)[] = new Array<UnassignedReason | null>(nodeCount).fill(null);
  const workerSkillSets = workers.map((worker) => new Set(worker.skills ?? []));
  const workerIndexById = new Map(workers.map((worker, index) => [worker.id, index]));
  input.jobs.forEach((job, node) => {
    const required = job.skills ?? [];
    const skilled = workers.map((_, index) => required.every((skill) => workerSkillSets[index].has(skill)));
    const allowed = new Uint8Array(workerCount).fill(job.allowedWorkers ? 0 : 1);
    for (const workerId of job.allowedWorkers ?? []) {
      const index = workerIndexById.get(workerId);
      if (index !== undefined) allowed[index] = 1;
    }
    let any = false;
    for (let worker = 0; worker < workerCount; worker++) {
      if (skilled[worker] && allowed[worker]) {
        eligible[node * workerCount + worker] = 1;
        any = true;
      }
    }
    if (!any) staticReason[node] = skilled.some(Boolean) ? 'OUTSIDE_ALLOWED_WORKERS' : 'NO_WORKER_WITH_SKILLS';
  });
  for (let node = jobCount; node < nodeCount; node++) eligible[node * workerCount + nodeFixedWorker[node]] = 1;

  const classKeys = new Map<string, number>();
  const workerClass = new Int32Array(workerCount);
  for (let worker = 0; worker < workerCount; worker++) {
    let column = '';
    for (let node = 0; node < jobCount; node++) column += eligible[node * workerCount + worker];
    const capacity = Array.from(workerCapacity.subarray(worker * dimensions, (worker + 1) * dimensions)).join(',');
    const key = `${workerProfile[worker]}|${capacity}|${column}|${(workers[worker].fixedJobs ?? []).length > 0 ? worker : ''}`;
    let workerClassId = classKeys.get(key);
    if (workerClassId === undefined) {
      workerClassId = classKeys.size;
      classKeys.set(key, workerClassId);
    }
    workerClass[worker] = workerClassId;
  }

  const windowOffset = new Int32Array(nodeCount * profileCount);
  const windowCount = new Int32Array(nodeCount * profileCount);
  const opens: number[] = [];
  const closes: number[] = [];
  for (let node = 0; node < nodeCount; node++) {
    for (let profile = 0; profile < profileCount; profile++) {
      const index = node * profileCount + profile;
      windowOffset[index] = opens.length;
      let windows: TimeWindow[];
      if (node >= jobCount) {
        const fixed = fixedJobs[node - jobCount].fixed;
        windows = workerProfile[nodeFixedWorker[node]] === profile ? [{ start: fixed.start, end: fixed.start }] : [];
      } else {
        const job = input.jobs[node];
        const jobWindows = job.timeWindows && job.timeWindows.length > 0 ? mergeWindows(job.timeWindows) : [{ start: -Infinity, end: Infinity }];
        windows = [];
        for (const shift of profileShifts[profile]) {
          for (const window of jobWindows) {
            const start = Math.max(window.start, shift.start);
            const end = Math.min(window.end, shift.end - job.duration);
            if (end >= start) windows.push({ start, end });
          }
        }
        windows = mergeWindows(windows);
      }
      for (const window of windows) {
        opens.push(window.start);
        closes.push(window.end);
      }
      windowCount[index] = windows.length;
    }
  }

  const neighbours: Int32Array[] = [];
  const limit = Math.min(NEIGHBOUR_LIMIT, nodeCount - 1);
  const others = Array.from({ length: nodeCount }, (_, node) => node);
  for (let node = 0; node < nodeCount; node++) {
    const from = nodeLocation[node];
    const closeness = (other: number): number => {
      const to = nodeLocation[other];
      return Math.min(travelCost[from * locationCount + to], travelCost[to * locationCount + from]);
    };
    const ordered = others.filter((other) => other !== node).sort((x, y) => closeness(x) - closeness(y) || x - y);
    neighbours.push(Int32Array.from(ordered.slice(0, limit)));
  }

  let maxCost = 0;
  for (let index = 0; index < travelCost.length; index++) maxCost = Math.max(maxCost, travelCost[index]);
  const unservedPenalty = Math.max(1, maxCost) * 2 * (nodeCount + workerCount + 1) + 1;

  return {
    jobCount,
    nodeCount,
    workerCount,
    dimensions,
    locationCount,
    nodeLocation,
    nodeDuration,
    nodeDemand,
    nodeWeight,
    nodeFixedWorker,
    eligible,
    staticReason,
    workerStartLocation,
    workerEndLocation,
    workerDepartEarliest,
    workerReturnLatest,
    workerCapacity,
    workerProfile,
    workerClass,
    profileCount,
    windowOffset,
    windowCount,
    windowOpen: Float64Array.from(opens),
    windowClose: Float64Array.from(closes),
    travelTime,
    travelCost,
    travelDistance,
    neighbours,
    jobIds: input.jobs.map((job) => job.id),
    nodeIds,
    workerIds: workers.map((worker) => worker.id),
    unservedPenalty,
  };
}

/** Earliest service start at or after the arrival, or Infinity when every window has closed. */
export function earliestStart(problem: Problem, node: number, profile: number, arrival: number): number {
  const index = node * problem.profileCount + profile;
  const first = problem.windowOffset[index];
  const last = first + problem.windowCount[index];
  for (let window = first; window < last; window++) {
    if (arrival <= problem.windowClose[window]) {
      const open = problem.windowOpen[window];
      return arrival > open ? arrival : open;
    }
  }
  return Infinity;
}

/** Latest service start not after the bound, or -Infinity when no window opens in time. */
export function latestStart(problem: Problem, node: number, profile: number, bound: number): number {
  const index = node * problem.profileCount + profile;
  const first = problem.windowOffset[index];
  for (let window = first + problem.windowCount[index] - 1; window >= first; window--) {
    if (bound >= problem.windowOpen[window]) {
      const close = problem.windowClose[window];
      return bound < close ? bound : close;
    }
  }
  return -Infinity;
}
