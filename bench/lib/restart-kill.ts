import pg from 'pg';
import { startApp, type AppServer, type AppServerOptions } from './app-server';

/** What became of a request whose server was killed after `delayMs`. */
export interface KilledRequest {
  delayMs: number;
  /** The request was still running when the server died (else the kill came after its answer and proves nothing). */
  killedMidRequest: boolean;
  /** The answer's status when it arrived before the kill. */
  status: number | null;
  /** How long the database still had the dead server's backends after the kill. */
  backendsGoneMs: number;
}

/**
 * Starts `request`, SIGKILLs the server's process group once `trigger` resolves unless the request answered first,
 * and waits until PostgreSQL has ended the dead server's backends: only then is what the database holds final (a
 * backend rolls its open transaction back when it finds the client gone).
 */
async function killWhen(
  server: AppServer,
  admin: pg.Client,
  delayMs: number,
  trigger: (answered: () => boolean) => Promise<void>,
  request: () => Promise<number>,
): Promise<KilledRequest> {
  let answered: number | null = null;
  let settled = false;
  const running = request().then(
    (status) => {
      answered = status;
    },
    () => undefined,
  ).finally(() => {
    settled = true;
  });
  const first = await Promise.race([running.then(() => 'answer' as const), trigger(() => settled).then(() => 'trigger' as const)]);
  await server.kill();
  await running;
  const backendsGoneMs = await untilNoOtherBackends(admin, 60_000);
  return { delayMs, killedMidRequest: first === 'trigger' && answered === null, status: answered, backendsGoneMs };
}

/** Kills the server `delayMs` after the request started. */
export function killDuring(server: AppServer, admin: pg.Client, delayMs: number, request: () => Promise<number>): Promise<KilledRequest> {
  return killWhen(server, admin, delayMs, () => new Promise((resolve) => setTimeout(resolve, delayMs)), request);
}

/**
 * Kills the server, `afterMs` after the request started, at the next moment a backend of the app runs a statement
 * matching `pattern` (ILIKE) in a transaction that has already written (backend_xid set): the crash lands between a
 * transaction's first write and its commit, the window a timer hits only by luck. The answer's delayMs is that moment.
 */
export async function killInsideWrite(server: AppServer, admin: pg.Client, afterMs: number, pattern: string, request: () => Promise<number>): Promise<KilledRequest> {
  const started = performance.now();
  let seenAtMs = 0;
  const killed = await killWhen(server, admin, afterMs, async (answered) => {
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    while (!answered()) {
      const { rows } = await admin.query<{ writing: boolean }>(
        `select exists (select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and backend_xid is not null and state = 'active' and query ilike $1) as writing`,
        [pattern],
      );
      if (rows[0]?.writing) {
        seenAtMs = performance.now() - started;
        return;
      }
    }
    // The request answered before a write was seen: the answer has already won the race, nothing is to trigger.
    await new Promise(() => undefined);
  }, request);
  return { ...killed, delayMs: Math.round(seenAtMs) };
}

/** One kill of a case: how it chooses its moment, and how the bench names it. */
export interface KillPlan {
  label: string;
  kill(server: AppServer, admin: pg.Client, request: () => Promise<number>): Promise<KilledRequest>;
}

/**
 * `timed` kills at delays spread over the request's unkilled duration, then `insideWrite` kills each inside a write
 * transaction whose statement matches `pattern`, after first waits spread over the request's first 70 %.
 */
export function killPlans(durationMs: number, timed: number, insideWrite: number, pattern: string): KillPlan[] {
  return [
    ...spreadDelays(durationMs, timed).map((delay) => ({
      label: `timed kill at ${delay} ms`,
      kill: (server: AppServer, admin: pg.Client, request: () => Promise<number>) => killDuring(server, admin, delay, request),
    })),
    // Up to 70 % of the way only: a later start would mostly find the request already answered.
    ...spreadDelays(durationMs * 0.7, insideWrite).map((after) => ({
      label: `kill inside a write (${pattern}) after ${after} ms`,
      kill: (server: AppServer, admin: pg.Client, request: () => Promise<number>) => killInsideWrite(server, admin, after, pattern, request),
    })),
  ];
}

/** Polls pg_stat_activity until no other client backend of this database is left; answers how long it took. */
export async function untilNoOtherBackends(admin: pg.Client, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const { rows } = await admin.query<{ left: number }>(`
      select count(*)::int as left from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`);
    if (rows[0]?.left === 0) return performance.now() - started;
    // Polling an outcome the database decides by itself: a tenth of a second is fine-grained enough.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the dead server's backends were still there after ${timeoutMs} ms`);
}

/** Starts the app again after a kill and answers it with how long the restart took until it served pages. */
export async function restartApp(options: AppServerOptions): Promise<{ server: AppServer; restartMs: number }> {
  const started = performance.now();
  const server = await startApp(options);
  return { server, restartMs: performance.now() - started };
}

/** GET /api/health answers 200. */
export async function healthy(baseUrl: string): Promise<boolean> {
  return fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false);
}

/** Kill delays spread evenly over a request of `durationMs`, from 5 % to 95 % of it. */
export function spreadDelays(durationMs: number, attempts: number): number[] {
  return Array.from({ length: attempts }, (_, index) => {
    const share = attempts === 1 ? 0.5 : 0.05 + (0.9 * index) / (attempts - 1);
    return Math.round(durationMs * share);
  });
}

/** One case's tally, printed at the end. */
export interface CaseTally {
  name: string;
  durationMs: number;
  attempts: number;
  killedMidRequest: number;
  outcomes: Map<string, number>;
  violations: string[];
  restartMs: number[];
  notes: string[];
}

export function newTally(name: string, durationMs: number): CaseTally {
  return { name, durationMs, attempts: 0, killedMidRequest: 0, outcomes: new Map(), violations: [], restartMs: [], notes: [] };
}

export function countOutcome(tally: CaseTally, outcome: string): void {
  tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
}
