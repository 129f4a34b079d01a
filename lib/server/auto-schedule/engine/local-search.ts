import { Concatenation } from './concatenation';
import type { Random } from './random';
import type { Clock } from './clock';
import type { Route } from './route';
import type { Solution } from './solution';

/** How many nearest neighbours of a job are tried as its new neighbour in a route (granular neighbourhood). */
const GRANULARITY = 12;
const MAX_SEGMENT = 3;
const IMPROVEMENT = 1e-7;

interface SearchContext {
  solution: Solution;
  concatenation: Concatenation;
  /** Routes rewritten by the last improving move, so that their jobs get another look. */
  changed: number[];
}

function uniformEligibility(solution: Solution): boolean {
  const eligible = solution.problem.eligible;
  for (let index = 0; index < eligible.length; index++) if (eligible[index] === 0) return false;
  return true;
}

function replaceNodes(context: SearchContext, routeIndex: number, nodes: number[]): void {
  const solution = context.solution;
  context.changed.push(routeIndex);
  solution.touch(routeIndex);
  solution.routes[routeIndex].nodes = nodes;
  solution.refreshRoute(routeIndex);
}

/** Nodes of positions from..to (1-based, inclusive) of a route. */
function slice(route: Route, from: number, to: number): number[] {
  return route.nodes.slice(from - 1, to);
}

/**
 * Moves positions first..last of route `source` to right after position `after` of route `target` (or-opt when the
 * segment is longer than one, relocate otherwise; inside one route or between two).
 */
function tryMoveSegment(context: SearchContext, source: number, first: number, last: number, target: number, after: number): boolean {
  const { solution, concatenation } = context;
  const from = solution.routes[source];
  const to = solution.routes[target];
  if (source === target) {
    if (after >= first - 1 && after <= last) return false;
    let newCost: number;
    if (after < first) newCost = concatenation.start(from, after).span(from, first, last).span(from, after + 1, first - 1).finish(from, last + 1);
    else newCost = concatenation.start(from, first - 1).span(from, last + 1, after).span(from, first, last).finish(from, after + 1);
    if (newCost >= from.cost - IMPROVEMENT) return false;
    const nodes = after < first
      ? [...slice(from, 1, after), ...slice(from, first, last), ...slice(from, after + 1, first - 1), ...slice(from, last + 1, from.length)]
      : [...slice(from, 1, first - 1), ...slice(from, last + 1, after), ...slice(from, first, last), ...slice(from, after + 1, from.length)];
    replaceNodes(context, source, nodes);
    return true;
  }
  const sourceCost = concatenation.start(from, first - 1).finish(from, last + 1);
  if (sourceCost === Infinity) return false;
  const saving = from.cost - sourceCost;
  const targetCost = concatenation.start(to, after).span(from, first, last).finish(to, after + 1);
  if (targetCost - to.cost >= saving - IMPROVEMENT) return false;
  const moved = slice(from, first, last);
  const sourceNodes = [...slice(from, 1, first - 1), ...slice(from, last + 1, from.length)];
  const targetNodes = [...slice(to, 1, after), ...moved, ...slice(to, after + 1, to.length)];
  replaceNodes(context, source, sourceNodes);
  replaceNodes(context, target, targetNodes);
  return true;
}

/** Exchanges positions a..b of route `left` with c..d of route `right` (swap for single nodes, cross-exchange otherwise). */
function tryExchange(context: SearchContext, left: number, a: number, b: number, right: number, c: number, d: number): boolean {
  const { solution, concatenation } = context;
  const one = solution.routes[left];
  const two = solution.routes[right];
  if (left === right) {
    if (b >= c) return false;
    const newCost = concatenation.start(one, a - 1).span(one, c, d).span(one, b + 1, c - 1).span(one, a, b).finish(one, d + 1);
    if (newCost >= one.cost - IMPROVEMENT) return false;
    replaceNodes(context, left, [...slice(one, 1, a - 1), ...slice(one, c, d), ...slice(one, b + 1, c - 1), ...slice(one, a, b), ...slice(one, d + 1, one.length)]);
    return true;
  }
  const oneCost = concatenation.start(one, a - 1).span(two, c, d).finish(one, b + 1);
  if (oneCost === Infinity) return false;
  const twoCost = concatenation.start(two, c - 1).span(one, a, b).finish(two, d + 1);
  if (oneCost + twoCost >= one.cost + two.cost - IMPROVEMENT) return false;
  const oneNodes = [...slice(one, 1, a - 1), ...slice(two, c, d), ...slice(one, b + 1, one.length)];
  const twoNodes = [...slice(two, 1, c - 1), ...slice(one, a, b), ...slice(two, d + 1, two.length)];
  replaceNodes(context, left, oneNodes);
  replaceNodes(context, right, twoNodes);
  return true;
}

/** 2-opt*: route `left` keeps positions up to a and continues with route `right` from position c, and vice versa. */
function tryTailExchange(context: SearchContext, left: number, a: number, right: number, c: number): boolean {
  const { solution, concatenation } = context;
  const one = solution.routes[left];
  const two = solution.routes[right];
  const oneCost = concatenation.start(one, a).finish(two, c);
  if (oneCost === Infinity) return false;
  const twoCost = concatenation.start(two, c - 1).finish(one, a + 1);
  if (oneCost + twoCost >= one.cost + two.cost - IMPROVEMENT) return false;
  const oneNodes = [...slice(one, 1, a), ...slice(two, c, two.length)];
  const twoNodes = [...slice(two, 1, c - 1), ...slice(one, a + 1, one.length)];
  replaceNodes(context, left, oneNodes);
  replaceNodes(context, right, twoNodes);
  return true;
}

/** 2-opt inside one route: reverses positions first..last, which pays on long routes with wide windows. */
function tryReverse(context: SearchContext, routeIndex: number, first: number, last: number): boolean {
  if (last <= first) return false;
  const { solution, concatenation } = context;
  const route = solution.routes[routeIndex];
  const newCost = concatenation.start(route, first - 1).spanReversed(route, first, last).finish(route, last + 1);
  if (newCost >= route.cost - IMPROVEMENT) return false;
  replaceNodes(context, routeIndex, [...slice(route, 1, first - 1), ...slice(route, first, last).reverse(), ...slice(route, last + 1, route.length)]);
  return true;
}

/** Every operator that would make v a route neighbour of u; true as soon as one improves (first improvement). */
function improvePair(context: SearchContext, u: number, v: number): boolean {
  const solution = context.solution;
  const uRoute = solution.nodeRoute[u];
  const vRoute = solution.nodeRoute[v];
  const uPosition = solution.nodeIndex[u] + 1;
  const vPosition = solution.nodeIndex[v] + 1;
  const uLength = solution.routes[uRoute].length;
  const vLength = solution.routes[vRoute].length;

  for (let size = 1; size <= MAX_SEGMENT && uPosition + size - 1 <= uLength; size++) {
    const last = uPosition + size - 1;
    if (uRoute === vRoute && vPosition >= uPosition && vPosition <= last) break;
    if (tryMoveSegment(context, uRoute, uPosition, last, vRoute, vPosition)) return true;
    if (tryMoveSegment(context, uRoute, uPosition, last, vRoute, vPosition - 1)) return true;
  }

  if (uRoute === vRoute) {
    const low = Math.min(uPosition, vPosition);
    const high = Math.max(uPosition, vPosition);
    if (tryExchange(context, uRoute, low, low, uRoute, high, high)) return true;
    return uPosition < vPosition ? tryReverse(context, uRoute, uPosition + 1, vPosition) : tryReverse(context, uRoute, vPosition, uPosition - 1);
  }

  for (let uSize = 1; uSize <= MAX_SEGMENT && uPosition + uSize - 1 <= uLength; uSize++) {
    for (let vSize = 1; vSize <= MAX_SEGMENT && vPosition + vSize - 1 <= vLength; vSize++) {
      if (tryExchange(context, uRoute, uPosition, uPosition + uSize - 1, vRoute, vPosition, vPosition + vSize - 1)) return true;
    }
  }
  // Cross-exchange around v's predecessor makes u follow that predecessor.
  if (vPosition > 1 && tryExchange(context, uRoute, uPosition, uPosition, vRoute, vPosition - 1, vPosition - 1)) return true;
  if (tryTailExchange(context, uRoute, uPosition, vRoute, vPosition)) return true;
  if (tryTailExchange(context, uRoute, uPosition - 1, vRoute, vPosition + 1)) return true;
  return false;
}

/** Tries u alone in one empty route per worker class, which the neighbour lists never point at. */
function improveWithEmptyRoute(context: SearchContext, u: number, seenClasses: Set<number>): boolean {
  const solution = context.solution;
  const problem = solution.problem;
  seenClasses.clear();
  const uRoute = solution.nodeRoute[u];
  const uPosition = solution.nodeIndex[u] + 1;
  for (let routeIndex = 0; routeIndex < solution.routes.length; routeIndex++) {
    if (solution.routes[routeIndex].length > 0) continue;
    const workerClass = problem.workerClass[routeIndex];
    if (seenClasses.has(workerClass)) continue;
    seenClasses.add(workerClass);
    if (tryMoveSegment(context, uRoute, uPosition, uPosition, routeIndex, 0)) return true;
  }
  return false;
}

/**
 * Local search over relocate, or-opt, swap, cross-exchange, 2-opt and 2-opt* in a granular neighbourhood: each job is
 * tried next to its nearest jobs only. First improvement over a queue of jobs: a move puts the jobs of the routes it
 * rewrote back in the queue, so a search after a small change looks only around it instead of at every job again.
 * Changes are recorded on the solution's change log like any other edit.
 */
export class LocalSearch {
  private readonly context: SearchContext;
  private readonly queued: Uint8Array;
  private readonly seenClasses = new Set<number>();
  private queue: number[] = [];

  constructor(
    private readonly solution: Solution,
    private readonly random: Random,
  ) {
    this.context = { solution, concatenation: new Concatenation(solution.problem, uniformEligibility(solution)), changed: [] };
    this.queued = new Uint8Array(solution.problem.nodeCount);
  }

  /**
   * Improves until no move does, around the jobs of `routes` (every route when omitted). Reads the clock before each
   * job and returns false when the deadline stopped it.
   */
  run(clock: Clock, deadline: number, routes?: Iterable<number>): boolean {
    const { solution, context, queued } = this;
    const problem = solution.problem;
    this.queue = [];
    queued.fill(0);
    if (routes) for (const routeIndex of routes) this.enqueueRoute(routeIndex);
    else for (let routeIndex = 0; routeIndex < solution.routes.length; routeIndex++) this.enqueueRoute(routeIndex);
    this.random.shuffle(this.queue);
    for (let head = 0; head < this.queue.length; head++) {
      if (clock() >= deadline) return false;
      const u = this.queue[head];
      queued[u] = 0;
      if (solution.nodeRoute[u] < 0) continue;
      const neighbours = problem.neighbours[u];
      const limit = Math.min(GRANULARITY, neighbours.length);
      for (let index = 0; index < limit; index++) {
        const v = neighbours[index];
        if (solution.nodeRoute[v] >= 0 && improvePair(context, u, v)) this.requeueChanged();
      }
      if (improveWithEmptyRoute(context, u, this.seenClasses)) this.requeueChanged();
    }
    return true;
  }

  private enqueueRoute(routeIndex: number): void {
    const placeable = this.solution.placeable;
    for (const node of this.solution.routes[routeIndex].nodes) {
      if (placeable[node] === 1 && this.queued[node] === 0) {
        this.queued[node] = 1;
        this.queue.push(node);
      }
    }
  }

  private requeueChanged(): void {
    for (const routeIndex of this.context.changed) this.enqueueRoute(routeIndex);
    this.context.changed.length = 0;
  }
}
