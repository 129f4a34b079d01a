import autocannon, { type Result } from 'autocannon';
import { startApp, type AppServer } from './lib/app-server';
import { startBareApp, type BareApp } from './lib/bare-app';
import { benchDatabase, benchTaskId } from './lib/bench-database';
import { signIn } from './lib/bench-http';
import { measureScheduledWeek } from './lib/scheduled-week';

/**
 * Issue 18's API speed: an authenticated GET tasks/{id} against a bare Next.js JSON route (bench/bare-app, a separate
 * tiny app, so the product carries no bench-only route), both served by `next start` on this machine, measured in
 * turn in one run with autocannon (10 connections): req/s, p50, p99 and the ratio; then GET tasks/{id} at a fixed
 * 200 req/s (p99); then GET tasks/scheduled for one week of the 100,000-task tenant (~900 tasks): p95 and JSON size.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api-throughput.ts \
 *     [--port 4900] [--duration 10] [--rounds 2] [--compare-dir /path/to/another/checkout]
 * DATABASE_URL names the server: the bench creates fieldops_bench_api there when missing and seeds Bench Co
 * (100,000 tasks) once; later runs reuse it. With --compare-dir, that checkout (say, the code before a change) is
 * served too (port + 2) and measured in the same rounds, so that both versions meet the same machine load.
 * Goals: ratio ≥ 0.6, p99 ≤ 25 ms at 200 req/s, tasks/scheduled p95 ≤ 40 ms.
 */
const flag = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const port = Number(flag('port', '4900'));
const duration = Number(flag('duration', '10'));
const rounds = Number(flag('rounds', '2'));
const compareDir = flag('compare-dir', '');
const authSecret = 'bench-api-throughput-secret-0123456789';

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

interface Figures {
  rps: number[];
  p50: number[];
  p99: number[];
  failures: number;
}

async function hammer(target: Target, seconds: number, overallRate?: number): Promise<Result> {
  return autocannon({ url: target.url, connections: 10, duration: seconds, headers: target.headers, overallRate });
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const fixed = (value: number, digits = 1) => value.toFixed(digits);

async function appTarget(app: AppServer, label: string, taskId: number): Promise<Target> {
  const cookie = await signIn(app.baseUrl, 'owner@bench.test');
  const url = `${app.baseUrl}/api/web/tasks/${taskId}`;
  const check = await fetch(url, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`${label}: GET tasks/${taskId} answered ${check.status}`);
  return { name: label, url, headers: { cookie } };
}

async function main(): Promise<void> {
  const databaseUrl = await benchDatabase();
  const taskId = await benchTaskId(databaseUrl);
  const stops: Array<() => Promise<void>> = [];
  try {
    const appEnv = { AUTH_SECRET: authSecret };
    const bare: BareApp = await startBareApp(port + 1);
    stops.push(bare.stop);
    const app = await startApp({ port, databaseUrl, env: appEnv });
    stops.push(app.stop);
    const targets: Target[] = [{ name: 'bare Next.js JSON route', url: bare.url, headers: {} }, await appTarget(app, 'GET tasks/{id}', taskId)];
    let compared: AppServer | null = null;
    if (compareDir) {
      compared = await startApp({ port: port + 2, databaseUrl, env: appEnv, cwd: compareDir });
      stops.push(compared.stop);
      targets.push(await appTarget(compared, `GET tasks/{id} (${compareDir})`, taskId));
    }
    for (const target of targets) await hammer(target, 3);
    const figures = new Map<string, Figures>(targets.map((target) => [target.name, { rps: [], p50: [], p99: [], failures: 0 }]));
    for (let round = 0; round < rounds; round++) {
      // Each round measures every target in turn (the order reversed every other round) so that drift in the
      // shared machine's load falls on all of them alike.
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        const result = await hammer(target, duration);
        const entry = figures.get(target.name);
        if (!entry) continue;
        entry.rps.push(result.requests.average);
        entry.p50.push(result.latency.p50);
        entry.p99.push(result.latency.p99);
        entry.failures += result.errors + result.timeouts + result.non2xx;
      }
    }
    console.log(`\nautocannon, 10 connections, ${rounds} rounds of ${duration} s per target (means of the rounds); task #${taskId} of Bench Co`);
    const bareRps = mean(figures.get(targets[0].name)?.rps ?? [1]);
    for (const target of targets) {
      const entry = figures.get(target.name);
      if (!entry) continue;
      const ratio = mean(entry.rps) / bareRps;
      console.log(
        `${target.name}: ${fixed(mean(entry.rps), 0)} req/s (rounds ${entry.rps.map((value) => fixed(value, 0)).join(', ')}), ` +
          `p50 ${fixed(mean(entry.p50))} ms, p99 ${fixed(mean(entry.p99))} ms, failures ${entry.failures}, ratio to bare ${fixed(ratio, 2)}`,
      );
    }
    for (const target of targets.slice(1)) {
      const result = await hammer(target, Math.max(duration, 10), 200);
      console.log(
        `${target.name} at a fixed 200 req/s for ${Math.max(duration, 10)} s: ${fixed(result.requests.average, 0)} req/s served, ` +
          `p50 ${fixed(result.latency.p50)} ms, p99 ${fixed(result.latency.p99)} ms, failures ${result.errors + result.timeouts + result.non2xx}`,
      );
    }
    const weekTargets = compared ? [app, compared] : [app];
    for (const served of weekTargets) {
      const label = served === app ? 'this checkout' : compareDir;
      console.log(await measureScheduledWeek(served.baseUrl, label));
    }
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
