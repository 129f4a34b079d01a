import autocannon from 'autocannon';
import { startApp } from './lib/app-server';
import { startBareApp } from './lib/bare-app';
import { benchDatabaseCopy, benchTaskId } from './lib/bench-database';
import { signIn } from './lib/bench-http';
import { listeningPid, watchCpu, type CpuWatch } from './lib/cpu-usage';
import { mixFigures, runMix, type MixRun } from './lib/load-lanes';
import { dispatcherMix, loadMixData, type Kind } from './lib/load-mix';

/**
 * Issue 18's load figures: `npm start` on PostgreSQL with the 100,000-task Bench Co, driven over loopback by
 * autocannon with a dispatcher's mix (bench/lib/load-mix.ts: 75 % reads — GET tasks/{id}, the task list's week,
 * tasks/scheduled for a day, clients, the board for a day — and 25 % writes — PUT tasks/{id}, a note, a new task,
 * a reassignment through PUT tasks/{id}/schedule), spread evenly over each second (bench/lib/load-lanes.ts).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/load.ts \
 *     [--port 4950] [--database fieldops_bench_load] [--duration 60] [--step-seconds 20] [--rates 20,30,40,50,60,80,100,150,200,300]
 * The writes go to a copy of the seeded fieldops_bench_api (bench/lib/bench-database.ts) named by --database, made
 * once and reused, so that they never change what the read-only benchmarks measure. Phases:
 *   1. the mix at 60 req/s for --duration seconds (after 10 s of warm-up): p50, p99, max, non-2xx by kind and status;
 *   2. the mix at each of --rates for --step-seconds until p99 passes 400 ms (or the app no longer keeps up):
 *      each step, and the crossover;
 *   3. GET tasks/{id} and the bare Next.js JSON route (bench/bare-app) at full speed, 10 connections, 2 rounds of
 *      10 s each in turn: req/s and the ratio.
 * Phases 1 and 2 also print where the CPU went (bench/lib/cpu-usage.ts): the app, its database backends, this bench
 * and the rest of the machine, which tells a slow app from one starved by other work.
 * Goals (the issue): at 60 req/s p99 ≤ 400 ms and no failure. The machine is shared: figures are noisy.
 */
const flag = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const port = Number(flag('port', '4950'));
const databaseName = flag('database', 'fieldops_bench_load');
const duration = Number(flag('duration', '60'));
const stepSeconds = Number(flag('step-seconds', '20'));
const rates = flag('rates', '20,30,40,50,60,80,100,150,200,300').split(',').map(Number);
const goalP99 = 400;
const authSecret = 'bench-load-secret-0123456789abcdef';

const ms = (value: number) => `${value.toFixed(1)} ms`;

function report(label: string, run: MixRun, kinds: Kind[], perKind: boolean): void {
  const all = mixFigures(run);
  console.log(
    `${label}: ${all.answered} answers, ${all.perSecond.toFixed(1)} req/s answered of ${run.rate} asked; ` +
      `p50 ${ms(all.p50)}, p99 ${ms(all.p99)}, max ${ms(all.max)}; failures ${all.failureCount}`,
  );
  for (const [key, count] of all.failures) console.log(`  failed: ${key} × ${count}`);
  if (!perKind) return;
  for (const kind of kinds) {
    const figures = mixFigures(run, kind.name);
    console.log(`  ${kind.name.padEnd(40)} ${String(figures.answered).padStart(5)} answers, p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}, max ${ms(figures.max)}`);
  }
}

/** Starts counting CPU for the app on --port and the database backends open now. */
const watchPhase = (databaseUrl: string): Promise<CpuWatch> => watchCpu(listeningPid(port), databaseUrl);

async function stepRates(baseUrl: string, databaseUrl: string, kinds: Kind[]): Promise<void> {
  console.log(`\nPhase 2: the mix at rising rates, ${stepSeconds} s each, until p99 > ${goalP99} ms`);
  let lastBelow: number | null = null;
  for (const rate of rates) {
    const cpu = await watchPhase(databaseUrl);
    const run = await runMix(baseUrl, kinds, rate, stepSeconds);
    report(`  ${rate} req/s`, run, kinds, false);
    console.log(`    ${await cpu.stop()}`);
    const figures = mixFigures(run);
    const keptUp = figures.perSecond >= rate * 0.9;
    if (figures.p99 > goalP99 || !keptUp) {
      const why = figures.p99 > goalP99 ? `p99 ${ms(figures.p99)}` : `only ${figures.perSecond.toFixed(0)} req/s answered`;
      console.log(`Crossover: p99 ≤ ${goalP99} ms up to ${lastBelow ?? 'none'} req/s; at ${rate} req/s ${why}`);
      return;
    }
    lastBelow = rate;
  }
  console.log(`Crossover not reached: p99 ≤ ${goalP99} ms at every rate up to ${lastBelow} req/s`);
}

async function compareWithBare(bareUrl: string, taskUrl: string, cookie: string): Promise<void> {
  const targets: Array<{ name: string; url: string; headers: Record<string, string> }> = [
    { name: 'bare Next.js JSON route', url: bareUrl, headers: {} },
    { name: 'GET tasks/{id}', url: taskUrl, headers: { cookie } },
  ];
  const rps = new Map<string, number[]>(targets.map((target) => [target.name, []]));
  for (const target of targets) await autocannon({ url: target.url, connections: 10, duration: 3, headers: target.headers });
  for (let round = 0; round < 2; round++) {
    // The order flips every round so that drift in the shared machine's load falls on both alike.
    for (const target of round === 0 ? targets : [...targets].reverse()) {
      const result = await autocannon({ url: target.url, connections: 10, duration: 10, headers: target.headers });
      rps.get(target.name)?.push(result.requests.average);
      const failures = result.errors + result.timeouts + result.non2xx;
      console.log(`  round ${round + 1}, ${target.name}: ${result.requests.average.toFixed(0)} req/s, p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, failures ${failures}`);
    }
  }
  const mean = (name: string) => {
    const values = rps.get(name) ?? [];
    return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  };
  const bare = mean(targets[0].name);
  const task = mean(targets[1].name);
  console.log(`GET tasks/{id} ${task.toFixed(0)} req/s, bare route ${bare.toFixed(0)} req/s: ratio ${(task / bare).toFixed(2)}`);
}

async function main(): Promise<void> {
  const databaseUrl = await benchDatabaseCopy(databaseName);
  const data = await loadMixData(databaseUrl);
  console.log(
    `Bench Co in ${databaseName}: ${data.readIds.length} tasks to read, ${data.editIds.length} to edit, ${data.scheduled.length} to reassign among ` +
      `${data.workerIds.length} workers, ${data.clientIds.length} clients; days ${data.days[0]} to ${data.days[data.days.length - 1]}`,
  );
  const stops: Array<() => Promise<void>> = [];
  try {
    const bare = await startBareApp(port + 1);
    stops.push(bare.stop);
    const app = await startApp({ port, databaseUrl, env: { AUTH_SECRET: authSecret } });
    stops.push(app.stop);
    const cookie = await signIn(app.baseUrl, 'owner@bench.test');
    const kinds = dispatcherMix(data, cookie);
    report('Warm-up, 10 s at 60 req/s', await runMix(app.baseUrl, kinds, 60, 10), kinds, false);
    console.log(`\nPhase 1: the mix at 60 req/s for ${duration} s`);
    const cpu = await watchPhase(databaseUrl);
    const steady = await runMix(app.baseUrl, kinds, 60, duration);
    const used = await cpu.stop();
    report('  all', steady, kinds, true);
    console.log(`  ${used}`);
    await stepRates(app.baseUrl, databaseUrl, kinds);
    console.log('\nPhase 3: GET tasks/{id} against the bare Next.js JSON route, 10 connections, full speed');
    const taskId = await benchTaskId(databaseUrl);
    await compareWithBare(bare.url, `${app.baseUrl}/api/web/tasks/${taskId}`, cookie);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
