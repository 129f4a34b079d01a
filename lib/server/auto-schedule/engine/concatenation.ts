import { earliestStart, type Problem } from './model';
import type { Route } from './route';

/**
 * Evaluates a candidate route written as: a prefix of the worker's current route, a few spans of nodes taken from any
 * routes, and a suffix of some route. The prefix comes for free from the forward bookkeeping (its departure time,
 * cost and load), the spans are walked node by node (they are short in every operator), and the suffix costs O(1)
 * through the backward slack: arriving at its first position no later than `latest` makes the rest feasible. When the
 * suffix belongs to a worker with a different timing profile its slack does not apply, so it is walked instead.
 */
export class Concatenation {
  private worker = 0;
  private profile = 0;
  private time = 0;
  private location = 0;
  private cost = 0;
  private feasible = true;
  private nodeCount = 0;
  private readonly load: Float64Array;

  constructor(
    private readonly problem: Problem,
    /** True when every job may go to every worker, which spares the eligibility walk over moved suffixes. */
    private readonly uniformEligibility: boolean,
  ) {
    this.load = new Float64Array(problem.dimensions);
  }

  /** Starts the new route of `route`'s worker with its positions 0..endPosition. */
  start(route: Route, endPosition: number): this {
    const dimensions = this.problem.dimensions;
    this.worker = route.worker;
    this.profile = route.profile;
    this.time = route.departure[endPosition];
    this.location = route.location[endPosition];
    this.cost = route.costPrefix[endPosition];
    this.feasible = route.feasible;
    this.nodeCount = endPosition;
    for (let dimension = 0; dimension < dimensions; dimension++) this.load[dimension] = route.loadPrefix[endPosition * dimensions + dimension];
    return this;
  }

  /** Appends the nodes at positions from..to (inclusive, 1-based route positions) of `route`; empty when to < from. */
  span(route: Route, from: number, to: number): this {
    for (let position = from; position <= to && this.feasible; position++) this.append(route.nodes[position - 1]);
    return this;
  }

  /** Appends the nodes at positions to..from of `route`, walking backwards (a reversed stretch, for 2-opt). */
  spanReversed(route: Route, from: number, to: number): this {
    for (let position = to; position >= from && this.feasible; position--) this.append(route.nodes[position - 1]);
    return this;
  }

  private append(node: number): void {
    const problem = this.problem;
    if (problem.eligible[node * problem.workerCount + this.worker] === 0) {
      this.feasible = false;
      return;
    }
    const at = problem.nodeLocation[node];
    const leg = this.location * problem.locationCount + at;
    const begin = earliestStart(problem, node, this.profile, this.time + problem.travelTime[leg]);
    if (begin === Infinity) {
      this.feasible = false;
      return;
    }
    this.nodeCount++;
    this.cost += problem.travelCost[leg];
    this.time = begin + problem.nodeDuration[node];
    this.location = at;
    const dimensions = problem.dimensions;
    for (let dimension = 0; dimension < dimensions; dimension++) this.load[dimension] += problem.nodeDemand[node * dimensions + dimension];
  }

  /**
   * Closes the route with the positions from..length+1 of `route` (its end included) and returns the new route's
   * cost, or Infinity when it breaks a window, the capacity or an eligibility.
   */
  finish(route: Route, from: number): number {
    if (!this.feasible) return Infinity;
    const problem = this.problem;
    const size = problem.locationCount;
    const dimensions = problem.dimensions;
    const count = route.nodes.length;
    // A worker left without jobs stays home and costs nothing.
    if (this.nodeCount === 0 && from > count) return 0;
    if (route.profile !== this.profile) {
      this.span(route, from, count);
      if (!this.feasible) return Infinity;
      const endLocation = problem.workerEndLocation[this.worker];
      const leg = this.location * size + endLocation;
      if (this.time + problem.travelTime[leg] > problem.workerReturnLatest[this.worker]) return Infinity;
      this.cost += problem.travelCost[leg];
    } else {
      if (route.worker !== this.worker && !this.uniformEligibility) {
        const workerCount = problem.workerCount;
        for (let position = from; position <= count; position++) {
          if (problem.eligible[route.nodes[position - 1] * workerCount + this.worker] === 0) return Infinity;
        }
      }
      const leg = this.location * size + route.location[from];
      if (this.time + problem.travelTime[leg] > route.latest[from]) return Infinity;
      this.cost += problem.travelCost[leg] + route.costPrefix[count + 1] - route.costPrefix[from];
      for (let dimension = 0; dimension < dimensions; dimension++) {
        this.load[dimension] += route.load[dimension] - route.loadPrefix[(from - 1) * dimensions + dimension];
      }
    }
    for (let dimension = 0; dimension < dimensions; dimension++) {
      if (this.load[dimension] > problem.workerCapacity[this.worker * dimensions + dimension] + 1e-9) return Infinity;
    }
    return this.cost;
  }
}
