import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm test`: every tier in turn — unit, API (over a real database: PostgreSQL from DATABASE_URL, else PGlite)
 * and end-to-end in Chromium — stopping at the first tier that fails, and closing with one line of totals.
 */
interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const reports = mkdtempSync(path.join(tmpdir(), 'fieldops-test-'));

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const tiers: { name: string; command: string[]; env?: Record<string, string>; counts: (file: string) => Counts }[] = [
  {
    name: 'unit',
    command: ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'unit.json')}`],
    counts: vitestCounts,
  },
  {
    name: 'api',
    command: ['vitest', 'run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'api.json')}`],
    counts: vitestCounts,
  },
  {
    name: 'e2e',
    command: ['playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
    counts: (file) => {
      const { stats } = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport;
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
    },
  },
];

function vitestCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

const only = process.argv.slice(2);
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
for (const tier of tiers.filter((t) => only.length === 0 || only.includes(t.name))) {
  console.log(`\n=== ${tier.name} tests ===`);
  const result = spawnSync('npx', tier.command, {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...tier.env },
  });
  const file = path.join(reports, `${tier.name}.json`);
  try {
    const counts = tier.counts(file);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  } catch {
    total.failed += 1;
  }
  if (result.status !== 0) {
    console.error(`\n${tier.name} tests failed.`);
    exitCode = result.status ?? 1;
    break;
  }
}
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(exitCode);
