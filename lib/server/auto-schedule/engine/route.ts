import { earliestStart, latestStart, type Problem } from './model';

/**
 * One worker's route with its time-window slack bookkeeping. Positions 0 and length+1 are the worker's start and end;
 * positions 1..length hold the nodes. For every position the route keeps:
 * - departure: when the worker can leave at the earliest, given everything before it (forward pass);
 * - latest: the latest service start that still lets everything after it fit (backward pass).
 * A change between positions i and k is feasible exactly when the new schedule leaves i's departure, covers the new
 * stretch and arrives at k no later than latest[k]: waiting is free, so arriving earlier is never a problem. This
 * makes insertion, removal and exchange checks O(1) plus the length of the moved stretch.
 */
export class Route {
  readonly worker: number;
  readonly profile: number;
  nodes: number[] = [];
  // Sized for the longest possible route once, so that a refresh never allocates.
  readonly location: Int32Array;
  readonly departure: Float64Array;
  readonly latest: Float64Array;
  /** Cumulative travel cost from the start to each position. */
  readonly costPrefix: Float64Array;
  /** Cumulative demand, (length + 2) × dimensions. */
  readonly loadPrefix: Float64Array;
  load: Float64Array;
  cost = 0;
  feasible = true;

  constructor(
    private readonly problem: Problem,
    worker: number,
  ) {
    this.worker = worker;
    this.profile = problem.workerProfile[worker];
    this.load = new Float64Array(problem.dimensions);
    const positions = problem.nodeCount + 2;
    this.location = new Int32Array(positions);
    this.departure = new Float64Array(positions);
    this.latest = new Float64Array(positions);
    this.costPrefix = new Float64Array(positions);
    this.loadPrefix = new Float64Array(positions * problem.dimensions);
    this.refresh();
  }

  get length(): number {
    return this.nodes.length;
  }

  /** Recomputes the bookkeeping after the node list changed. */
  refresh(): void {
    const problem = this.problem;
    const size = problem.locationCount;
    const nodes = this.nodes;
    const count = nodes.length;
    const dimensions = problem.dimensions;
    const location = this.location;
    const departure = this.departure;
    const latest = this.latest;
    const costPrefix = this.costPrefix;
    const loadPrefix = this.loadPrefix;

    location[0] = problem.workerStartLocation[this.worker];
    location[count + 1] = problem.workerEndLocation[this.worker];
    for (let position = 1; position <= count; position++) location[position] = problem.nodeLocation[nodes[position - 1]];

    departure[0] = problem.workerDepartEarliest[this.worker];
    costPrefix[0] = 0;
    for (let dimension = 0; dimension < dimensions; dimension++) loadPrefix[dimension] = 0;
    let feasible = true;
    for (let position = 1; position <= count + 1; position++) {
      const leg = location[position - 1] * size + location[position];
      costPrefix[position] = costPrefix[position - 1] + problem.travelCost[leg];
      const arrival = departure[position - 1] + problem.travelTime[leg];
      if (position <= count) {
        const node = nodes[position - 1];
        const start = earliestStart(problem, node, this.profile, arrival);
        if (start === Infinity) feasible = false;
        departure[position] = start + problem.nodeDuration[node];
        for (let dimension = 0; dimension < dimensions; dimension++) {
          loadPrefix[position * dimensions + dimension] = loadPrefix[(position - 1) * dimensions + dimension] + problem.nodeDemand[node * dimensions + dimension];
        }
      } else {
        departure[position] = arrival;
        if (arrival > problem.workerReturnLatest[this.worker]) feasible = false;
        for (let dimension = 0; dimension < dimensions; dimension++) {
          loadPrefix[position * dimensions + dimension] = loadPrefix[(position - 1) * dimensions + dimension];
        }
      }
    }
    // An unused worker does not travel, even when the start and end locations differ.
    this.cost = count > 0 ? costPrefix[count + 1] : 0;
    for (let dimension = 0; dimension < dimensions; dimension++) {
      this.load[dimension] = loadPrefix[(count + 1) * dimensions + dimension];
      if (this.load[dimension] > problem.workerCapacity[this.worker * dimensions + dimension] + 1e-9) feasible = false;
    }

    latest[count + 1] = problem.workerReturnLatest[this.worker];
    for (let position = count; position >= 1; position--) {
      const node = nodes[position - 1];
      const bound = latest[position + 1] - problem.travelTime[location[position] * size + location[position + 1]] - problem.nodeDuration[node];
      latest[position] = latestStart(problem, node, this.profile, bound);
    }
    latest[0] = latest[1] - problem.travelTime[location[0] * size + location[1]];
    if (latest[0] < departure[0]) feasible = false;
    this.feasible = feasible;
  }

  /** Whether adding the demand of node keeps every dimension within capacity, after removing `removedNode` (or -1). */
  fitsLoad(node: number, removedNode: number): boolean {
    const problem = this.problem;
    const dimensions = problem.dimensions;
    for (let dimension = 0; dimension < dimensions; dimension++) {
      let load = this.load[dimension] + problem.nodeDemand[node * dimensions + dimension];
      if (removedNode >= 0) load -= problem.nodeDemand[removedNode * dimensions + dimension];
      if (load > problem.workerCapacity[this.worker * dimensions + dimension] + 1e-9) return false;
    }
    return true;
  }

  /**
   * First insertion position (insert after it) that can still meet the node's windows: the rest of the route must
   * allow a start after the node's earliest opening. `latest` grows along the route, so a binary search finds it.
   */
  firstPosition(node: number): number {
    const problem = this.problem;
    const index = node * problem.profileCount + this.profile;
    if (problem.windowCount[index] === 0) return this.nodes.length + 1;
    const needed = problem.windowOpen[problem.windowOffset[index]] + problem.nodeDuration[node];
    const latest = this.latest;
    let low = 0;
    let high = this.nodes.length + 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (latest[middle + 1] >= needed) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** Last insertion position whose departure is not after the node's last window closes (`departure` grows too). */
  lastPosition(node: number): number {
    const problem = this.problem;
    const index = node * problem.profileCount + this.profile;
    const count = problem.windowCount[index];
    if (count === 0) return -1;
    const close = problem.windowClose[problem.windowOffset[index] + count - 1];
    const departure = this.departure;
    let low = -1;
    let high = this.nodes.length;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (departure[middle] <= close) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /**
   * Cost increase of inserting node between positions `position` and `position + 1`, or Infinity when infeasible
   * in time. Capacity and eligibility are the caller's to check. `bound` lets the caller skip the time check for
   * positions that cannot beat its best.
   */
  insertionDelta(node: number, position: number, bound: number): number {
    const problem = this.problem;
    const size = problem.locationCount;
    const from = this.location[position];
    const to = this.location[position + 1];
    const at = problem.nodeLocation[node];
    const shortcut = this.nodes.length > 0 ? problem.travelCost[from * size + to] : 0;
    const delta = problem.travelCost[from * size + at] + problem.travelCost[at * size + to] - shortcut;
    if (delta >= bound) return Infinity;
    const start = earliestStart(problem, node, this.profile, this.departure[position] + problem.travelTime[from * size + at]);
    if (start === Infinity) return Infinity;
    if (start + problem.nodeDuration[node] + problem.travelTime[at * size + to] > this.latest[position + 1]) return Infinity;
    return delta;
  }
}

/**
 * Departure after serving nodes[from], nodes[from + step], ..., nodes[to] when leaving `startLocation` at `departure`,
 * for the given profile; Infinity when a window is missed. Only used for short moved segments, so its cost is bounded
 * by the segment length.
 */
export function segmentDeparture(problem: Problem, profile: number, startLocation: number, departure: number, nodes: readonly number[], from: number, to: number, step: 1 | -1): number {
  const size = problem.locationCount;
  let location = startLocation;
  let time = departure;
  for (let index = from; ; index += step) {
    const node = nodes[index];
    const at = problem.nodeLocation[node];
    const start = earliestStart(problem, node, profile, time + problem.travelTime[location * size + at]);
    if (start === Infinity) return Infinity;
    time = start + problem.nodeDuration[node];
    location = at;
    if (index === to) return time;
  }
}
