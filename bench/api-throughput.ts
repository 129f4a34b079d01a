import autocannon, { type Result } from 'autocannon';
import { startApp, type AppServer } from './lib/app-server';
import { startBareApp, type BareApp } from './lib/bare-app';
import { benchDatabase, benchTaskId } from './lib/bench-database';
import { signIn } from './lib/bench-http';
import { listeningPid, watchCpu } from './lib/cpu-usage';
import { paced, type PacedResult } from './lib/paced';
import { measureScheduledWeek } from './lib/scheduled-week';

/**
 * Issue 18's API speed: an authenticated GET tasks/{id} against a bare Next.js JSON route (bench/bare-app, a separate
 * tiny app, so the product carries no bench-only route), both served by `next start` on this machine, measured in
 * turn in one run with autocannon (10 connections): req/s, p50, p99, where the CPU went, and the ratio; then every
 * target at a fixed 200 req/s, --fixed-runs times (the median p99); then GET tasks/scheduled for one week of the
 * 100,000-task tenant (~900 tasks): p95 and JSON size.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api-throughput.ts \
 *     [--port 4900] [--duration 10] [--rounds 2] [--fixed-runs 3] [--compare-dir /path/to/another/checkout]
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
const fixedRuns = Number(flag('fixed-runs', '3'));
const authSecret = 'bench-api-throughput-secret-0123456789';

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The port serving it, whose process the CPU figures follow. */
  port: number;
}

interface Figures {
  rps: number[];
  p50: number[];
  p99: number[];
  failures: number;
  /** Where the CPU went in each round (bench/lib/cpu-usage.ts). */
  cpu: string[];
}

async function hammer(target: Target, seconds: number, overallRate?: number): Promise<Result> {
  return autocannon({ url: target.url, connections: 10, duration: seconds, headers: target.headers, overallRate });
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const fixed = (value: number, digits = 1) => value.toFixed(digits);

async function appTarget(app: AppServer, label: string, taskId: number, appPort: number): Promise<Target> {
  const cookie = await signIn(app.baseUrl, 'owner@bench.test');
  const url = `${app.baseUrl}/api/web/tasks/${taskId}`;
  const check = await fetch(url, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`${label}: GET tasks/${taskId} answered ${check.status}`);
  return { name: label, url, headers: { cookie }, port: appPort };
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
    const targets: Target[] = [
      { name: 'bare Next.js JSON route', url: bare.url, headers: {}, port: port + 1 },
      await appTarget(app, 'GET tasks/{id}', taskId, port),
    ];
    let compared: AppServer | null = null;
    if (compareDir) {
      compared = await startApp({ port: port + 2, databaseUrl, env: appEnv, cwd: compareDir });
      stops.push(compared.stop);
      targets.push(await appTarget(compared, `GET tasks/{id} (${compareDir})`, taskId, port + 2));
    }
    for (const target of targets) await hammer(target, 3);
    const figures = new Map<string, Figures>(targets.map((target) => [target.name, { rps: [], p50: [], p99: [], failures: 0, cpu: [] }]));
    for (let round = 0; round < rounds; round++) {
      // Each round measures every target in turn (the order reversed every other round) so that drift in the
      // shared machine's load falls on all of them alike.
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        const cpu = await watchCpu(listeningPid(target.port), databaseUrl);
        const result = await hammer(target, duration);
        const entry = figures.get(target.name);
        if (!entry) continue;
        entry.cpu.push(await cpu.stop());
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
      for (const [round, cpu] of entry.cpu.entries()) console.log(`    round ${round + 1}: ${cpu}`);
    }
    // At a fixed rate the tail is a few requests, so one GC pause or a burst from the load generator moves it: each
    // target runs several times and the median p99 is the figure; the bare route shows the yardstick's own tail.
    // autocannon's rate mode sends in waves (bench/lib/paced.ts says how), so a steady pace is measured beside it.
    const fixedSeconds = Math.max(duration, 10);
    for (const target of targets) {
      const runs: Result[] = [];
      for (let run = 0; run < fixedRuns; run++) runs.push(await hammer(target, fixedSeconds, 200));
      const p99s = runs.map((result) => result.latency.p99);
      const failures = runs.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0);
      console.log(
        `${target.name} at a fixed 200 req/s (autocannon), ${fixedRuns} runs of ${fixedSeconds} s: p99 median ${fixed(median(p99s))} ms ` +
          `(runs ${p99s.map((value) => fixed(value)).join(', ')}), p50 median ${fixed(median(runs.map((result) => result.latency.p50)))} ms, ` +
          `${fixed(mean(runs.map((result) => result.requests.average)), 0)} req/s served, failures ${failures}`,
      );
      const steady: PacedResult[] = [];
      for (let run = 0; run < fixedRuns; run++) steady.push(await paced(target.url, target.headers, 200, fixedSeconds));
      const steadyP99s = steady.map((result) => result.p99);
      console.log(
        `${target.name} at a steady 200 req/s (one call every 5 ms, timed from when it was due), ${fixedRuns} runs of ` +
          `${fixedSeconds} s: p99 median ${fixed(median(steadyP99s))} ms (runs ${steadyP99s.map((value) => fixed(value)).join(', ')}), ` +
          `p50 median ${fixed(median(steady.map((result) => result.p50)))} ms, max ${fixed(Math.max(...steady.map((result) => result.max)))} ms, ` +
          `failures ${steady.reduce((sum, result) => sum + result.failures, 0)}`,
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
