import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabase } from './prepare-database';

/**
 * `npm start`: builds when the sources changed since the last build, applies the migrations, seeds the demo
 * when the database is empty, then serves on PORT (default 3000).
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

function buildIfChanged(): void {
  const fingerprint = sourceFingerprint();
  const built = existsSync(path.join(root, '.next', 'BUILD_ID')) && existsSync(fingerprintFile);
  if (built && readFileSync(fingerprintFile, 'utf8') === fingerprint) return;
  console.log('Building the app…');
  const result = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(fingerprintFile, fingerprint);
}

async function main(): Promise<void> {
  buildIfChanged();
  if (process.argv.includes('--build-only')) return;
  await prepareDatabase({ seed: true });
  const port = process.env.PORT ?? '3000';
  const server = spawn('npx', ['next', 'start', '-p', port], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
