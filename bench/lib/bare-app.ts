import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The yardstick of bench/api-throughput.ts: bench/bare-app, a Next.js app of one JSON route (GET /api/bare), built
 * once and served with `next start` in production, like the product. It is a separate app so that the product never
 * carries a route that exists only for measuring.
 */
const appDir = path.join(process.cwd(), 'bench', 'bare-app');

export interface BareApp {
  url: string;
  stop(): Promise<void>;
}

export async function startBareApp(port: number): Promise<BareApp> {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  if (!existsSync(path.join(appDir, '.next', 'BUILD_ID'))) {
    const built = spawnSync('npx', ['next', 'build'], { cwd: appDir, stdio: 'inherit', env });
    if (built.status !== 0) throw new Error('building bench/bare-app failed');
  }
  const logFile = path.join(tmpdir(), `fieldops-bench-bare-${port}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn('npx', ['next', 'start', '-p', String(port)], {
    cwd: appDir,
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...env, NODE_ENV: 'production' },
  });
  closeSync(log);
  const url = `http://localhost:${port}/api/bare`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`bench/bare-app stopped: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    const ready = await fetch(url).then((response) => response.ok, () => false);
    if (ready) return { url, stop };
    // Polling for readiness, not waiting for an outcome.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`bench/bare-app did not answer; see ${logFile}`);
}
