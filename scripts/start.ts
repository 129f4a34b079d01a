import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: builds when the sources changed since the last build, applies the migrations, seeds the demo
 * when the database is empty, then serves on PORT (default 3000). The build and the database work run side by side:
 * the build never opens the database (instrumentation.ts skips the build phase), and on a first start each would
 * otherwise wait for the other. The build skips type checking and linting (next.config.ts): CI runs
 * `npm run typecheck` and `npm run lint` on their own.
 *
 * `tsx scripts/start.ts --build-only`: the build and its fingerprint, nothing else (the Dockerfile's build stage, so
 * the container starts without building again).
 */
const root = process.cwd();
const sourceFolders = ['app', 'components', 'lib', 'messages', 'db/schema', 'public'];
const sourceFiles = ['package.json', 'next.config.ts', 'proxy.ts', 'postcss.config.mjs', 'tsconfig.json'];
const fingerprintFile = path.join(root, '.next', 'source-fingerprint');

function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const files = [...sourceFolders.flatMap((folder) => listFiles(path.join(root, folder))), ...sourceFiles.map((f) => path.join(root, f))];
  for (const file of files.filter(existsSync).sort()) {
    hash.update(file);
    hash.update(String(statSync(file).size));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** `next build` itself, not through npx: npx resolves the package again, which costs seconds on a loaded machine. */
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

let building: ChildProcess | undefined;

async function buildIfChanged(): Promise<void> {
  const fingerprint = sourceFingerprint();
  const built = existsSync(path.join(root, '.next', 'BUILD_ID')) && existsSync(fingerprintFile);
  if (built && readFileSync(fingerprintFile, 'utf8') === fingerprint) return;
  console.log('Building the app…');
  const build = spawn(process.execPath, [nextBin, 'build'], { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  building = build;
  const status = await new Promise<number | null>((resolve) => build.on('exit', (code) => resolve(code)));
  building = undefined;
  if (status !== 0) process.exit(status ?? 1);
  writeFileSync(fingerprintFile, fingerprint);
}

async function prepare(): Promise<void> {
  // Imported here so that the build starts without first loading the database driver, drizzle and the seed.
  const { prepareDatabase } = await import('./prepare-database');
  await prepareDatabase({ seed: true });
  console.log('Database ready.');
}

async function main(): Promise<void> {
  if (process.argv.includes('--build-only')) return buildIfChanged();
  await Promise.all([buildIfChanged(), prepare()]);
  const port = process.env.PORT ?? '3000';
  // Idle keep-alive connections stay open 65 s, not Node's 5 s: a client (or a load balancer, whose idle timeout is
  // commonly 60 s) reusing a connection at the moment the server drops it gets a reset instead of an answer; the e2e
  // suite's request client hit one (ECONNRESET on GET settings after 5 s of clicking).
  const server = spawn(process.execPath, [nextBin, 'start', '-p', port, '--keepAliveTimeout', '65000'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error);
  building?.kill('SIGTERM');
  process.exit(1);
});
