import type { Problem } from './model';
import type { Random } from './random';
import type { InsertionChoice, Solution } from './solution';

/** Average number of jobs a ruin step removes, and the longest string taken from one route (SISR's c̄ and L_max). */
const AVERAGE_REMOVED = 10;
const MAX_STRING_LENGTH = 10;
const BLINK_RATE = 0.01;

/** Per-node keys for the recreate orders, computed once. */
export interface RecreateKeys {
  demand: Float64Array;
  depotDistance: Float64Array;
  windowEnd: Float64Array;
  windowWidth: Float64Array;
}

export function buildRecreateKeys(problem: Problem): RecreateKeys {
  const { nodeCount, dimensions, locationCount, profileCount } = problem;
  const demand = new Float64Array(nodeCount);
  const depotDistance = new Float64Array(nodeCount);
  const windowEnd = new Float64Array(nodeCount);
  const windowWidth = new Float64Array(nodeCount);
  for (let node = 0; node < nodeCount; node++) {
    for (let dimension = 0; dimension < dimensions; dimension++) demand[node] += problem.nodeDemand[node * dimensions + dimension];
    let nearestStart = Infinity;
    for (let worker = 0; worker < problem.workerCount; worker++) {
      nearestStart = Math.min(nearestStart, problem.travelCost[problem.workerStartLocation[worker] * locationCount + problem.nodeLocation[node]]);
    }
    depotDistance[node] = nearestStart;
    let end = -Infinity;
    let width = 0;
    for (let profile = 0; profile < profileCount; profile++) {
      const index = node * profileCount + profile;
      const first = problem.windowOffset[index];
      for (let window = first; window < first + problem.windowCount[index]; window++) {
        end = Math.max(end, problem.windowClose[window]);
        width = Math.max(width, problem.windowClose[window] - problem.windowOpen[window]);
      }
    }
    windowEnd[node] = end;
    windowWidth[node] = width;
  }
  return { demand, depotDistance, windowEnd, windowWidth };
}

/**
 * String removal after Christiaens and Vanden Berghe's SISR: around a random seed job, take one string (or a string
 * with a kept middle part) out of each of a few nearby routes. Removing neighbouring stretches frees room where jobs
 * can be recombined, unlike scattered random removals. Fixed jobs are never removed.
 */
export function ruinStrings(solution: Solution, random: Random, removable: Uint8Array): void {
  const problem = solution.problem;
  let routed = 0;
  let usedRoutes = 0;
  for (const route of solution.routes) {
    if (route.nodes.length > 0) {
      routed += route.nodes.length;
      usedRoutes++;
    }
  }
  if (routed === 0) return;
  const averageLength = routed / usedRoutes;
  const stringCap = Math.min(MAX_STRING_LENGTH, averageLength);
  const maxStrings = (4 * AVERAGE_REMOVED) / (1 + stringCap) - 1;
  const stringCount = Math.floor(random.next() * maxStrings) + 1;

  let seed = -1;
  for (let attempt = 0; attempt < 50 && seed < 0; attempt++) {
    const candidate = random.int(problem.nodeCount);
    if (solution.nodeRoute[candidate] >= 0 && removable[candidate] === 1) seed = candidate;
  }
  if (seed < 0) return;

  const ruined: number[] = [];
  const neighbours = problem.neighbours[seed];
  for (let index = -1; index < neighbours.length && ruined.length < stringCount; index++) {
    const node = index < 0 ? seed : neighbours[index];
    const routeIndex = solution.nodeRoute[node];
    if (routeIndex < 0 || ruined.includes(routeIndex)) continue;
    ruined.push(routeIndex);
    const nodes = solution.routes[routeIndex].nodes;
    const length = nodes.length;
    const stringLength = Math.floor(random.next() * Math.min(length, stringCap)) + 1;
    const position = solution.nodeIndex[node];
    let kept = 0;
    if (random.next() < 0.5 && stringLength < length) {
      kept = 1;
      while (stringLength + kept < length && random.next() < 0.5) kept++;
    }
    const span = stringLength + kept;
    const lowest = Math.max(0, position - span + 1);
    const highest = Math.min(position, length - span);
    const start = lowest + random.int(highest - lowest + 1);
    const keptStart = kept > 0 ? start + random.int(stringLength + 1) : -1;
    // From the back, so that a detach does not shift the positions still to visit.
    for (let offset = start + span - 1; offset >= start; offset--) {
      if (kept > 0 && offset >= keptStart && offset < keptStart + kept) continue;
      if (removable[nodes[offset]] === 1) solution.detach(nodes[offset]);
    }
    solution.refreshRoute(routeIndex);
  }
}

/** Removes a few jobs chosen uniformly, for diversity when string removal keeps rebuilding the same stretches. */
export function ruinRandom(solution: Solution, random: Random, removable: Uint8Array): void {
  const problem = solution.problem;
  const count = 1 + random.int(2 * AVERAGE_REMOVED);
  const touched = new Set<number>();
  for (let attempt = 0; attempt < count * 3 && touched.size < count; attempt++) {
    const node = random.int(problem.nodeCount);
    if (solution.nodeRoute[node] < 0 || removable[node] === 0) continue;
    touched.add(solution.detach(node));
  }
  for (const routeIndex of touched) solution.refreshRoute(routeIndex);
}

/**
 * Stable sort of jobs by key (descending when sign is -1). The lists are usually a few dozen jobs, where an insertion
 * sort beats Array.sort, which copies the list and boxes every comparison on each of the many calls per second.
 */
function sortByKey(items: number[], key: Float64Array, sign: 1 | -1): void {
  if (items.length > 64) {
    items.sort((x, y) => sign * (key[x] - key[y]));
    return;
  }
  for (let index = 1; index < items.length; index++) {
    const item = items[index];
    const value = sign * key[item];
    let at = index - 1;
    while (at >= 0 && sign * key[items[at]] > value) {
      items[at + 1] = items[at];
      at--;
    }
    items[at + 1] = item;
  }
}

/**
 * Greedy reinsertion in one of several orders, each job at its cheapest position with blinks. Jobs that often end up
 * unserved (absence count) are put first so that a tight fleet still gets them in.
 */
export function recreate(solution: Solution, random: Random, keys: RecreateKeys, absence: Float64Array, choice: InsertionChoice): void {
  const pending = solution.unassigned.slice();
  const draw = random.int(13);
  if (draw < 4) random.shuffle(pending);
  else if (draw < 8) sortByKey(pending, keys.demand, -1);
  else if (draw < 10) sortByKey(pending, keys.depotDistance, -1);
  else if (draw < 11) sortByKey(pending, keys.depotDistance, 1);
  else if (draw < 12) sortByKey(pending, keys.windowWidth, 1);
  else sortByKey(pending, keys.windowEnd, 1);
  if (random.next() < 0.5) sortByKey(pending, absence, -1);
  for (const node of pending) {
    if (solution.bestInsertion(node, BLINK_RATE, random, choice)) solution.insert(node, choice.route, choice.position);
  }
}
