import 'server-only';
import type { TravelSource } from '@/lib/contract/auto-schedule';
import { env } from '@/lib/server/core/env';
import type { Ctx } from '@/lib/server/core/ctx';
import {
  DEFAULT_SPEED_KMH,
  HaversineMatrixProvider,
  OsrmMatrixProvider,
  RouterError,
  type Coordinates,
  type TravelMatrix,
} from '@/lib/server/integrations/router';
import { log } from '@/lib/server/core/log';

export interface Travel extends TravelMatrix {
  source: TravelSource;
  /** ROUTER_URL is set but the router failed: straight lines were used instead. */
  routerFailed: boolean;
}

const straightLines = new HaversineMatrixProvider(DEFAULT_SPEED_KMH);

/**
 * The router's table for the whole matrix, within one overall time limit: a big matrix is many block requests, each
 * with the router timeout of its own, and the dispatcher waiting on the modal should not wait for all of them.
 */
async function routerMatrix(baseUrl: string, points: readonly Coordinates[]): Promise<TravelMatrix> {
  const timeoutMs = env.routerTimeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RouterError('TIMEOUT', `router table not complete within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([new OsrmMatrixProvider({ baseUrl, timeoutMs }).matrix(points), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Travel durations (seconds) and distances (metres) between the points: the router's table when ROUTER_URL is set,
 * else straight lines at the default speed. A router that fails gives straight lines too, and the answer says so:
 * a plan on approximate times beats no plan, and the dispatcher is told.
 */
export async function travelMatrix(ctx: Ctx, points: readonly Coordinates[]): Promise<Travel> {
  const baseUrl = env.routerUrl;
  if (!baseUrl) return { ...(await straightLines.matrix(points)), source: 'haversine', routerFailed: false };
  if (points.length === 0) return { durations: [], distances: [], source: 'router', routerFailed: false };
  try {
    return { ...(await routerMatrix(baseUrl, points)), source: 'router', routerFailed: false };
  } catch (error) {
    if (!(error instanceof RouterError)) throw error;
    log.warn('auto-schedule travel table failed, straight lines used', { requestId: ctx.requestId, code: error.code, error: error.message });
    return { ...(await straightLines.matrix(points)), source: 'haversine', routerFailed: true };
  }
}

/**
 * The matrices with one more location that is no place at all: a worker with neither a start location nor an
 * office, or a booking without coordinates, travels nothing to or from it.
 */
export function withNowhere(matrix: readonly (readonly number[])[]): number[][] {
  const size = matrix.length;
  const rows = matrix.map((row) => [...row, 0]);
  rows.push(new Array<number>(size + 1).fill(0));
  return rows;
}

/** Travel times the solver plans with: whole minutes, rounded up, so every start it answers is on a whole minute. */
export function plannedDurations(durations: readonly (readonly number[])[]): number[][] {
  return durations.map((row) => row.map((seconds) => Math.ceil(seconds / 60) * 60));
}
