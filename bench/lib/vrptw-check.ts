import type { SolomonInstance } from './solomon';

export interface RouteCheck {
  valid: boolean;
  errors: string[];
  served: number;
  missing: number;
  vehicles: number;
  distance: number;
}

const TOLERANCE = 1e-6;

/**
 * Checks routes of customer numbers against the instance from scratch: every customer at most once, capacity per
 * route, the fleet size, and a schedule replayed from the coordinates (leave the depot at its ready time, wait for each
 * ready time, start no later than the due date, be back by the depot's due date). Nothing from the solver is reused.
 */
export function checkSolomonRoutes(instance: SolomonInstance, routes: number[][], fleet: number): RouteCheck {
  const errors: string[] = [];
  const byNumber = new Map(instance.sites.map((site) => [site.number, site]));
  const depot = instance.sites[0];
  const seen = new Set<number>();
  let distance = 0;
  const nonEmpty = routes.filter((route) => route.length > 0);
  if (nonEmpty.length > fleet) errors.push(`${nonEmpty.length} routes for a fleet of ${fleet}`);
  nonEmpty.forEach((route, routeIndex) => {
    let load = 0;
    let time = depot.ready;
    let previous = depot;
    for (const number of route) {
      const site = byNumber.get(number);
      if (!site || site === depot) {
        errors.push(`route ${routeIndex}: unknown customer ${number}`);
        continue;
      }
      if (seen.has(number)) errors.push(`customer ${number} visited twice`);
      seen.add(number);
      const leg = Math.hypot(previous.x - site.x, previous.y - site.y);
      distance += leg;
      const start = Math.max(time + leg, site.ready);
      if (start > site.due + TOLERANCE) errors.push(`route ${routeIndex}: customer ${number} starts at ${start.toFixed(3)} after due ${site.due}`);
      time = start + site.service;
      load += site.demand;
      previous = site;
    }
    const back = Math.hypot(previous.x - depot.x, previous.y - depot.y);
    distance += back;
    if (time + back > depot.due + TOLERANCE) errors.push(`route ${routeIndex}: back at ${(time + back).toFixed(3)} after depot due ${depot.due}`);
    if (load > instance.capacity + TOLERANCE) errors.push(`route ${routeIndex}: load ${load} over capacity ${instance.capacity}`);
  });
  const customers = instance.sites.length - 1;
  return { valid: errors.length === 0, errors, served: seen.size, missing: customers - seen.size, vehicles: nonEmpty.length, distance };
}
