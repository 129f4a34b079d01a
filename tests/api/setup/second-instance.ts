import { spawn } from 'node:child_process';
import path from 'node:path';

export interface SecondInstance {
  /** http://127.0.0.1:<port>, serving GET /api/web/tasks/stream. */
  baseUrl: string;
  stop(): Promise<void>;
}

const startTimeoutMs = 30_000;

/**
 * Starts tests/api/setup/stream-instance.ts as a separate process on this test file's own database: another app
 * instance, with its own session cache, LISTEN connections and stream hub, that shares only PostgreSQL with this one.
 */
export async function startStreamInstance(): Promise<SecondInstance> {
  const root = process.cwd();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/api/setup/stream-instance.ts')], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'tests/api/setup/stream-instance.tsconfig.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  };
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the second instance did not start: ${errors}`)), startTimeoutMs);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /\{"port":(\d+)\}/.exec(output);
      if (line) {
        clearTimeout(timer);
        resolve(Number(line[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the second instance exited (${code}): ${errors}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop };
}
