import { startApp, type AppServer } from './lib/app-server';
import { benchDatabaseCopy, benchTaskId } from './lib/bench-database';
import { signIn } from './lib/bench-http';
import { measureSessionAgreement } from './lib/session-agreement';
import { openEventStream, type ArrivedEvent } from './lib/sse-client';
import { formatMs, summarise } from './lib/stats';

/**
 * Issue 18, "two app instances on one PostgreSQL": a change made through one instance reaches an SSE client of the
 * other within 1 s, and the instances agree on a sign-out, a deactivation or a role change within 1 s.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/live-two-instances.ts \
 *     [--port 4960] [--database fieldops_bench_load] [--changes 50] [--spacing-ms 200] [--trials 10]
 * Starts `npm start` twice on the database --database names (a copy of the seeded Bench Co, bench/lib/bench-database.ts;
 * instance A on --port, B on --port + 1), opens GET tasks/stream on B as the owner, then makes --changes
 * PUT tasks/{id} through A, --spacing-ms apart, each with a description of its own. For each it times A's answer
 * (the commit is before it) to the event on B carrying that description: min, median, p95, max, and how many arrived.
 * Then the session part (bench/lib/session-agreement.ts). Exits 1 when an event is lost or late, or a refusal is late.
 * The machine is shared: figures are noisy.
 */
const flag = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const port = Number(flag('port', '4960'));
const databaseName = flag('database', 'fieldops_bench_load');
const changes = Number(flag('changes', '50'));
const spacingMs = Number(flag('spacing-ms', '200'));
const trials = Number(flag('trials', '10'));
const goalMs = 1000;
const stragglerWaitMs = 3000;
const authSecret = 'bench-live-two-instances-secret-0123456789';

interface Change {
  marker: string;
  sentAt: number;
  answeredAt: number;
  arrivedAt: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The marker of a task event: the description the change wrote. */
function descriptionOf(arrived: ArrivedEvent): string | null {
  if (arrived.event !== 'task') return null;
  const parsed = JSON.parse(arrived.data) as { task?: { description?: unknown } };
  return typeof parsed.task?.description === 'string' ? parsed.task.description : null;
}

async function measureStream(a: AppServer, b: AppServer, taskId: number): Promise<boolean> {
  const cookie = await signIn(a.baseUrl, 'owner@bench.test');
  const stream = await openEventStream(`${b.baseUrl}/api/web/tasks/stream`, cookie);
  const byMarker = new Map<string, Change>();
  stream.onEvent = (arrived) => {
    const marker = descriptionOf(arrived);
    const change = marker ? byMarker.get(marker) : undefined;
    if (change && change.arrivedAt === null) change.arrivedAt = arrived.at;
  };
  const run = Date.now().toString(36);
  try {
    for (let index = 0; index < changes; index++) {
      const change: Change = { marker: `Live ${run} #${index}`, sentAt: performance.now(), answeredAt: 0, arrivedAt: null };
      byMarker.set(change.marker, change);
      const response = await fetch(`${a.baseUrl}/api/web/tasks/${taskId}`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ description: change.marker }),
      });
      await response.arrayBuffer();
      change.answeredAt = performance.now();
      if (response.status !== 200) throw new Error(`PUT tasks/${taskId} through A answered ${response.status}`);
      await sleep(spacingMs);
    }
    const deadline = performance.now() + stragglerWaitMs;
    while (performance.now() < deadline && [...byMarker.values()].some((change) => change.arrivedAt === null)) await sleep(20);
  } finally {
    stream.close();
  }
  const all = [...byMarker.values()];
  const arrived = all.filter((change): change is Change & { arrivedAt: number } => change.arrivedAt !== null);
  console.log(`\nSSE on B, ${changes} PUT tasks/${taskId} through A, ${spacingMs} ms apart: ${arrived.length}/${all.length} events arrived`);
  if (arrived.length === 0) return false;
  const fromAnswer = summarise(arrived.map((change) => change.arrivedAt - change.answeredAt));
  const fromRequest = summarise(arrived.map((change) => change.arrivedAt - change.sentAt));
  console.log(
    `  A's answer → B's event: min ${formatMs(fromAnswer.min)}, median ${formatMs(fromAnswer.median)}, p95 ${formatMs(fromAnswer.p95)}, max ${formatMs(fromAnswer.max)}` +
      ' (negative: the event was in before A\'s answer)',
  );
  console.log(
    `  A's request sent → B's event: min ${formatMs(fromRequest.min)}, median ${formatMs(fromRequest.median)}, p95 ${formatMs(fromRequest.p95)}, max ${formatMs(fromRequest.max)}`,
  );
  return arrived.length === all.length && fromAnswer.max <= goalMs;
}

async function main(): Promise<void> {
  const databaseUrl = await benchDatabaseCopy(databaseName);
  const taskId = await benchTaskId(databaseUrl);
  const stops: Array<() => Promise<void>> = [];
  let met = false;
  try {
    // One after the other: each start applies the migrations first.
    const a = await startApp({ port, databaseUrl, env: { AUTH_SECRET: authSecret } });
    stops.push(a.stop);
    const b = await startApp({ port: port + 1, databaseUrl, env: { AUTH_SECRET: authSecret } });
    stops.push(b.stop);
    console.log(`instance A ${a.baseUrl}, instance B ${b.baseUrl}, one database (${databaseName})`);
    const streamMet = await measureStream(a, b, taskId);
    console.log(`\nSessions: a change through A, B asked back to back until it refuses; ${trials} trials each (session cache 5 s by default)`);
    const sessionsMet = await measureSessionAgreement({ a: a.baseUrl, b: b.baseUrl }, databaseUrl, taskId, trials);
    met = streamMet && sessionsMet;
    console.log(`\nGoal (≤ ${goalMs} ms, nothing lost): ${met ? 'met' : 'NOT met'}`);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
  if (!met) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
