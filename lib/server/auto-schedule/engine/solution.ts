import type { Problem } from './model';
import type { Random } from './random';
import { Route } from './route';

/** Array.splice without the array of removed items it allocates; the search calls it in its innermost loops. */
export function insertAt(items: number[], index: number, value: number): void {
  items.push(value);
  for (let at = items.length - 1; at > index; at--) items[at] = items[at - 1];
  items[index] = value;
}

export interface InsertionChoice {
  route: number;
  /** Insert after this route position (0 = right after the start). */
  position: number;
  delta: number;
}

/**
 * A set of routes, one per worker, and the placeable jobs left out. Changes can be made tentatively: touched routes
 * are remembered and restored by rollback, which is how a rejected ruin-and-recreate step is undone.
 */
export class Solution {
  readonly routes: Route[];
  /** Route of each node, -1 when not routed. */
  readonly nodeRoute: Int32Array;
  /** Index of each node in its route's node list. */
  readonly nodeIndex: Int32Array;
  unassigned: number[] = [];
  private saved = new Map<number, number[]>();
  private savedUnassigned: number[] | null = null;
  private readonly classSeen: Int32Array;
  private classStamp = 0;

  constructor(
    readonly problem: Problem,
    readonly placeable: Uint8Array,
  ) {
    this.routes = Array.from({ length: problem.workerCount }, (_, worker) => new Route(problem, worker));
    this.nodeRoute = new Int32Array(problem.nodeCount).fill(-1);
    this.nodeIndex = new Int32Array(problem.nodeCount).fill(-1);
    this.classSeen = new Int32Array(problem.workerCount).fill(-1);
  }

  cost(): number {
    let total = 0;
    for (const route of this.routes) total += route.cost;
    return total;
  }

  unservedWeight(): number {
    let total = 0;
    for (const node of this.unassigned) total += this.problem.nodeWeight[node];
    return total;
  }

  objective(): number {
    return this.cost() + this.problem.unservedPenalty * this.unservedWeight();
  }

  /** Re-derives a route's bookkeeping and the node positions after its node list changed. */
  refreshRoute(routeIndex: number): void {
    const route = this.routes[routeIndex];
    route.refresh();
    const nodes = route.nodes;
    for (let index = 0; index < nodes.length; index++) {
      this.nodeRoute[nodes[index]] = routeIndex;
      this.nodeIndex[nodes[index]] = index;
    }
  }

  begin(): void {
    this.saved.clear();
    this.savedUnassigned = this.unassigned.slice();
  }

  /** Remembers the route's nodes before its first change since begin(). */
  touch(routeIndex: number): void {
    if (this.savedUnassigned !== null && !this.saved.has(routeIndex)) this.saved.set(routeIndex, this.routes[routeIndex].nodes.slice());
  }

  rollback(): void {
    if (this.savedUnassigned === null) return;
    for (const node of this.unassigned) this.nodeRoute[node] = -1;
    for (const routeIndex of this.saved.keys()) {
      for (const node of this.routes[routeIndex].nodes) this.nodeRoute[node] = -1;
    }
    for (const [routeIndex, nodes] of this.saved) {
      this.routes[routeIndex].nodes = nodes;
      this.refreshRoute(routeIndex);
    }
    this.unassigned = this.savedUnassigned;
    for (const node of this.unassigned) this.nodeRoute[node] = -1;
    this.saved.clear();
    this.savedUnassigned = null;
  }

  /** Routes changed since begin(). */
  touchedRoutes(): number[] {
    return [...this.saved.keys()];
  }

  commit(): void {
    this.saved.clear();
    this.savedUnassigned = null;
  }

  /** Takes a node out of its route (without refreshing: call refreshRoute for each touched route afterwards). */
  detach(node: number): number {
    const routeIndex = this.nodeRoute[node];
    this.touch(routeIndex);
    // Positions stay right for the nodes that shift, so several detaches may precede the route's refresh.
    const nodes = this.routes[routeIndex].nodes;
    for (let at = this.nodeIndex[node]; at < nodes.length - 1; at++) {
      nodes[at] = nodes[at + 1];
      this.nodeIndex[nodes[at]] = at;
    }
    nodes.pop();
    this.nodeRoute[node] = -1;
    this.unassigned.push(node);
    return routeIndex;
  }

  removeUnassigned(node: number): void {
    const index = this.unassigned.indexOf(node);
    if (index >= 0) {
      this.unassigned[index] = this.unassigned[this.unassigned.length - 1];
      this.unassigned.pop();
    }
  }

  insert(node: number, routeIndex: number, position: number): void {
    this.touch(routeIndex);
    this.removeUnassigned(node);
    insertAt(this.routes[routeIndex].nodes, position, node);
    this.refreshRoute(routeIndex);
  }

  /**
   * Cheapest feasible insertion of the node over all routes; empty routes of interchangeable workers are tried once.
   * Each position is skipped with probability `blink` (SISR's blinks), which diversifies the recreate step.
   */
  bestInsertion(node: number, blink: number, random: Random | null, choice: InsertionChoice): boolean {
    const problem = this.problem;
    const workerCount = problem.workerCount;
    const size = problem.locationCount;
    const travelCost = problem.travelCost;
    const at = problem.nodeLocation[node];
    const stamp = ++this.classStamp;
    const blinking = random !== null && blink > 0;
    // Positions until the next blink, drawn geometrically: the same as one coin per position, with far fewer draws.
    let untilBlink = blinking ? this.drawBlinkGap(random, blink) : Infinity;
    choice.route = -1;
    choice.position = -1;
    choice.delta = Infinity;
    for (let routeIndex = 0; routeIndex < workerCount; routeIndex++) {
      if (problem.eligible[node * workerCount + routeIndex] === 0) continue;
      const route = this.routes[routeIndex];
      if (route.nodes.length === 0) {
        const workerClass = problem.workerClass[routeIndex];
        if (this.classSeen[workerClass] === stamp) continue;
        this.classSeen[workerClass] = stamp;
      }
      if (!route.fitsLoad(node, -1)) continue;
      const last = route.nodes.length;
      const location = route.location;
      const highest = route.lastPosition(node);
      let position = route.firstPosition(node);
      let from = location[position];
      for (; position <= highest; position++) {
        const to = location[position + 1];
        if (--untilBlink <= 0) {
          untilBlink = blinking ? this.drawBlinkGap(random, blink) : Infinity;
          from = to;
          continue;
        }
        const shortcut = last > 0 ? travelCost[from * size + to] : 0;
        const delta = travelCost[from * size + at] + travelCost[at * size + to] - shortcut;
        if (delta < choice.delta && route.insertionDelta(node, position, choice.delta) < Infinity) {
          choice.delta = delta;
          choice.route = routeIndex;
          choice.position = position;
        }
        from = to;
      }
    }
    return choice.route >= 0;
  }

  private drawBlinkGap(random: Random | null, blink: number): number {
    if (random === null) return Infinity;
    return 1 + Math.floor(Math.log(1 - random.next()) / Math.log(1 - blink));
  }

  /** Node lists of every route, for keeping the best solution. */
  snapshot(): number[][] {
    return this.routes.map((route) => route.nodes.slice());
  }

  restore(routes: readonly (readonly number[])[]): void {
    this.nodeRoute.fill(-1);
    routes.forEach((nodes, routeIndex) => {
      this.routes[routeIndex].nodes = nodes.slice();
      this.refreshRoute(routeIndex);
    });
    this.unassigned = [];
    for (let node = 0; node < this.problem.nodeCount; node++) {
      if (this.placeable[node] === 1 && this.nodeRoute[node] < 0) this.unassigned.push(node);
    }
    this.saved.clear();
    this.savedUnassigned = null;
  }
}
