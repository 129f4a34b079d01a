import type { Solution } from './solution';

/**
 * Regret insertion: repeatedly place the job whose best option is most ahead of its second best (in another route),
 * so that jobs with few good places are settled before cheaper jobs take them. Per (job, route) best insertions are
 * cached and only the changed route is re-evaluated after each placement.
 */
export function regretInsertion(solution: Solution): void {
  const problem = solution.problem;
  const workerCount = problem.workerCount;
  const pending = solution.unassigned.slice();
  const bestDelta = new Float64Array(problem.nodeCount * workerCount).fill(Infinity);
  const bestPosition = new Int32Array(problem.nodeCount * workerCount).fill(-1);
  const classSeen = new Int32Array(workerCount).fill(-1);
  let stamp = 0;

  const evaluate = (node: number, routeIndex: number): void => {
    const slot = node * workerCount + routeIndex;
    bestDelta[slot] = Infinity;
    bestPosition[slot] = -1;
    if (problem.eligible[slot] === 0) return;
    const route = solution.routes[routeIndex];
    if (!route.fitsLoad(node, -1)) return;
    const highest = route.lastPosition(node);
    for (let position = route.firstPosition(node); position <= highest; position++) {
      const delta = route.insertionDelta(node, position, bestDelta[slot]);
      if (delta < bestDelta[slot]) {
        bestDelta[slot] = delta;
        bestPosition[slot] = position;
      }
    }
  };

  for (const node of pending) for (let routeIndex = 0; routeIndex < workerCount; routeIndex++) evaluate(node, routeIndex);

  while (pending.length > 0) {
    let chosen = -1;
    let chosenRoute = -1;
    let chosenRegret = -Infinity;
    let chosenDelta = Infinity;
    for (let index = 0; index < pending.length; index++) {
      const node = pending[index];
      stamp++;
      let first = Infinity;
      let second = Infinity;
      let firstRoute = -1;
      for (let routeIndex = 0; routeIndex < workerCount; routeIndex++) {
        if (solution.routes[routeIndex].nodes.length === 0) {
          const workerClass = problem.workerClass[routeIndex];
          if (classSeen[workerClass] === stamp) continue;
          classSeen[workerClass] = stamp;
        }
        const delta = bestDelta[node * workerCount + routeIndex];
        if (delta < first) {
          second = first;
          first = delta;
          firstRoute = routeIndex;
        } else if (delta < second) second = delta;
      }
      if (firstRoute < 0) continue;
      // A job with a single option gets a regret larger than any difference of two finite costs.
      const regret = (second === Infinity ? problem.unservedPenalty : second - first) * problem.nodeWeight[node];
      if (regret > chosenRegret || (regret === chosenRegret && first < chosenDelta)) {
        chosen = index;
        chosenRoute = firstRoute;
        chosenRegret = regret;
        chosenDelta = first;
      }
    }
    if (chosen < 0) break;
    const node = pending[chosen];
    pending[chosen] = pending[pending.length - 1];
    pending.pop();
    solution.insert(node, chosenRoute, bestPosition[node * workerCount + chosenRoute]);
    for (const other of pending) evaluate(other, chosenRoute);
  }
}
