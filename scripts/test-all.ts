import { spawnSync } from 'node:child_process';

/**
 * `npm test`: every tier in turn — unit, API (over a real database: PostgreSQL from DATABASE_URL, else PGlite)
 * and end-to-end in Chromium — stopping at the first tier that fails.
 */
const tiers: { name: string; command: string[] }[] = [
  { name: 'unit', command: ['vitest', 'run', '--project', 'unit'] },
  { name: 'api', command: ['vitest', 'run', '--project', 'api'] },
  { name: 'e2e', command: ['playwright', 'test'] },
];

const only = process.argv.slice(2);
for (const tier of tiers.filter((t) => only.length === 0 || only.includes(t.name))) {
  console.log(`\n=== ${tier.name} tests ===`);
  const result = spawnSync('npx', tier.command, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    console.error(`\n${tier.name} tests failed.`);
    process.exit(result.status ?? 1);
  }
}
