import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The app as `npm start` serves it (built when the sources changed, migrated, then `next start` in production),
 * in a process group of its own so that stopping it stops `next start` too. Its output goes to a log file.
 */
export interface AppServer {
  baseUrl: string;
  logFile: string;
  stop(): Promise<void>;
  /** A crash, not a shutdown: SIGKILL to the whole process group (no handler runs, no connection is closed cleanly). */
  kill(): Promise<void>;
}

export interface AppServerOptions {
  port: number;
  databaseUrl: string;
  /** Variables to set (a value) or to remove (null) beside the bench's own environment. */
  env?: Record<string, string | null>;
  /** How long building and starting may take. */
  readyTimeoutMs?: number;
  /** The checkout to serve (another build of the app, to compare two versions in one run); default the current one. */
  cwd?: string;
}

function serverEnv(options: AppServerOptions, baseUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: options.databaseUrl, PORT: String(options.port), APP_URL: baseUrl };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === null) delete env[name];
    else env[name] = value;
  }
  return env;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export async function startApp(options: AppServerOptions): Promise<AppServer> {
  const baseUrl = `http://localhost:${options.port}`;
  const logFile = path.join(tmpdir(), `fieldops-bench-app-${options.port}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], { detached: true, stdio: ['ignore', log, log], env: serverEnv(options, baseUrl), cwd: options.cwd });
  closeSync(log);
  const stop = async () => {
    if (exited(child) || child.pid === undefined) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (!exited(child)) process.kill(-child.pid, 'SIGKILL');
  };
  const kill = async () => {
    if (exited(child) || child.pid === undefined) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(-child.pid, 'SIGKILL');
    await gone;
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 20 * 60_000);
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`the app stopped before answering; see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    const ready = await fetch(`${baseUrl}/login`, { redirect: 'manual' }).then(
      (response) => response.status < 500,
      () => false,
    );
    if (ready) return { baseUrl, logFile, stop, kill };
    // Polling, not a fixed wait for an outcome: the build takes minutes, a retry each second is plenty.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await stop();
  throw new Error(`the app did not answer within the time allowed; see ${logFile}`);
}
