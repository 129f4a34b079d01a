import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A newcomer's first start, timed: `git clone` of this checkout's HEAD into a temporary folder, `npm install`, then
 * `npm start` (build, migrate and seed, serve) until GET /app/login answers 200. The npm cache is whatever this
 * machine has (warm after any earlier install), which is the case the README's Quick start promises.
 *
 *   npx tsx bench/first-start.ts [--runs 3] [--port 3800] [--keep]
 *
 * With DATABASE_URL (any database on a PostgreSQL server) each run gets a fresh database of its own on that server,
 * dropped afterwards; without it the app uses a fresh PGlite folder inside the clone. Each phase is read from the
 * time `npm start` printed its lines: compile ends at "Compiled successfully", static pages at the last
 * "Generating static pages (n/n)", the build at the route legend (or "Finished writing to filesystem cache" when
 * later), migrate+seed from "Building the app…" to "Database ready." (it runs alongside the build; an older checkout
 * without that line: from the build's end to the second "▲ Next.js", next start's banner), and next start → 200 from
 * that banner to the first 200 of /app/login. It prints each run, the median
 * and spread of each phase, and the machine's load average before and after each run (the machine may be shared:
 * compare figures taken under the same load). It asserts no time.
 */

interface Options {
  runs: number;
  port: number;
  keep: boolean;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string, fallback: number) => {
    const at = argv.indexOf(name);
    const parsed = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} takes a positive whole number`);
    return parsed;
  };
  return { runs: value('--runs', 3), port: value('--port', 3800), keep: argv.includes('--keep') };
}

type Phase = 'clone' | 'install' | 'compile' | 'staticPages' | 'buildTotal' | 'cacheWrite' | 'migrateSeed' | 'first200' | 'total';
const phases: Phase[] = ['clone', 'install', 'compile', 'staticPages', 'buildTotal', 'cacheWrite', 'migrateSeed', 'first200', 'total'];
const phaseLabels: Record<Phase, string> = {
  clone: 'clone',
  install: 'npm install',
  compile: 'compile',
  staticPages: 'static pages',
  buildTotal: 'build total',
  cacheWrite: 'fs cache write',
  migrateSeed: 'migrate+seed',
  first200: 'next start → 200',
  total: 'install → 200',
};

type RunFigures = Partial<Record<Phase, number>> & { loadBefore: number[]; loadAfter: number[] };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => loadavg().map((value) => Number(value.toFixed(2)));

function timed(command: string, args: string[], cwd: string, logFile: string): number {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  appendFileSync(logFile, `$ ${command} ${args.join(' ')}\n${result.stdout}${result.stderr}\n`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (see ${logFile})`);
  return performance.now() - started;
}

async function freshDatabase(run: number): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { url: undefined, drop: async () => undefined };
  const name = `fieldops_bench_first_start_${process.pid}_${run}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** `npm start` in the clone until /app/login answers 200; the moments its output names, from its start. */
async function startUntilReady(cwd: string, port: number, databaseUrl: string | undefined, logFile: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), APP_URL: `http://localhost:${port}`, NEXT_TELEMETRY_DISABLED: '1' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const started = performance.now();
  const marks: {
    building?: number;
    compiled?: number;
    staticPages?: number;
    legend?: number;
    cacheWritten?: number;
    databaseReady?: number;
    serverBanner?: number;
  } = {};
  let banners = 0;
  const child = spawn('npm', ['start'], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const onLine = (line: string) => {
    const at = performance.now() - started;
    appendFileSync(logFile, `[${(at / 1000).toFixed(1)}] ${line}\n`);
    if (/Building the app/.test(line)) marks.building = at;
    if (/^Database ready\./.test(line)) marks.databaseReady = at;
    if (/Compiled successfully/.test(line)) marks.compiled = at;
    const pages = /Generating static pages[^(]*\((\d+)\/(\d+)\)/.exec(line);
    if (pages && pages[1] === pages[2]) marks.staticPages = at;
    if (/\(Dynamic\)/.test(line)) marks.legend = at;
    if (/Finished writing to filesystem cache/.test(line)) marks.cacheWritten = at;
    if (/▲ Next\.js/.test(line) && ++banners === 2) marks.serverBanner = at;
  };
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  try {
    const deadline = Date.now() + 30 * 60_000;
    while (!(await answers200(`http://localhost:${port}/app/login`))) {
      if (done) throw new Error(`npm start exited before answering (see ${logFile})`);
      if (Date.now() > deadline) throw new Error(`no 200 within 30 minutes (see ${logFile})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { ready: performance.now() - started, ...marks };
  } finally {
    if (child.pid !== undefined && !done) {
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (!done) process.kill(-child.pid, 'SIGKILL');
    }
  }
}

/**
 * Clones are removed once every run is over: deleting some 65,000 files keeps the disk busy (discards, journal)
 * for a while after `rm` returns, and the next run's `npm install` paid for it (runs 30-50 s apart on this machine).
 */
const removeAfterAllRuns: string[] = [];

async function oneRun(run: number, options: Options): Promise<RunFigures> {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const folder = mkdtempSync(path.join(tmpdir(), 'fieldops-first-start-'));
  const clone = path.join(folder, 'app');
  const logFile = path.join(folder, 'run.log');
  writeFileSync(logFile, `HEAD ${head}\n`);
  const figures: RunFigures = { loadBefore: load(), loadAfter: [] };
  const database = await freshDatabase(run);
  try {
    figures.clone = timed('git', ['clone', '--quiet', '--no-checkout', process.cwd(), clone], folder, logFile);
    figures.clone += timed('git', ['checkout', '--quiet', '--detach', head], clone, logFile);
    figures.install = timed('npm', ['install'], clone, logFile);
    const start = await startUntilReady(clone, options.port, database.url, logFile);
    if (start.compiled !== undefined) figures.compile = start.compiled;
    if (start.compiled !== undefined && start.staticPages !== undefined) figures.staticPages = start.staticPages - start.compiled;
    const buildEnd = start.cacheWritten !== undefined && start.legend !== undefined ? Math.max(start.cacheWritten, start.legend) : start.legend;
    if (buildEnd !== undefined) figures.buildTotal = buildEnd;
    if (start.cacheWritten !== undefined && start.legend !== undefined) figures.cacheWrite = Math.max(0, start.cacheWritten - start.legend);
    // Since the database is prepared alongside the build, its own line times it; before, it ran after the build.
    if (start.databaseReady !== undefined && start.building !== undefined) figures.migrateSeed = start.databaseReady - start.building;
    else if (buildEnd !== undefined && start.serverBanner !== undefined) figures.migrateSeed = start.serverBanner - buildEnd;
    if (start.serverBanner !== undefined) figures.first200 = start.ready - start.serverBanner;
    figures.total = figures.install + start.ready;
    figures.loadAfter = load();
    return figures;
  } finally {
    await database.drop();
    if (options.keep) console.log(`  kept ${folder}`);
    else removeAfterAllRuns.push(folder);
    console.log(`  log: ${logFile}${options.keep ? '' : ' (removed with the clone after the last run; --keep keeps it)'}`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  console.log(`first start: ${options.runs} run(s), ${cpus().length} CPUs, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL (fresh database per run)' : 'PGlite (fresh folder per run)'}`);
  const runs: RunFigures[] = [];
  try {
    for (let run = 1; run <= options.runs; run++) {
      console.log(`run ${run}/${options.runs} (load average before: ${load().join(' ')})`);
      const figures = await oneRun(run, options);
      runs.push(figures);
      const shown = phases.filter((phase) => figures[phase] !== undefined).map((phase) => `${phaseLabels[phase]} ${seconds(figures[phase] ?? 0)}`);
      console.log(`  ${shown.join(' · ')} · load after ${figures.loadAfter.join(' ')}`);
    }
  } finally {
    for (const folder of removeAfterAllRuns) rmSync(folder, { recursive: true, force: true });
  }
  console.log('\nphase              median      min      max   (spread = max − min)');
  for (const phase of phases) {
    const values = runs.map((run) => run[phase]).filter((value): value is number => value !== undefined);
    if (values.length === 0) continue;
    const row = [median(values), Math.min(...values), Math.max(...values)].map((value) => seconds(value).padStart(8));
    console.log(`${phaseLabels[phase].padEnd(18)} ${row.join(' ')}   ${seconds(Math.max(...values) - Math.min(...values))}`);
  }
  const loads = runs.flatMap((run) => [run.loadBefore[0], run.loadAfter[0]]);
  console.log(`1-minute load average over the runs: ${Math.min(...loads)} to ${Math.max(...loads)} on ${cpus().length} CPUs`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
