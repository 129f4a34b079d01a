import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOperations } from '@/app/api/operations';
import type { ApiOperation } from '@/lib/server/http/openapi/types';
import { FuzzWorld, fuzzSeed, runsPerOperation, summary } from './harness';

const world = new FuzzWorld();
/** FUZZ_ONLY='GET /api/web/tasks/{id}' narrows a replay to the operations whose name contains it. */
const only = process.env.FUZZ_ONLY;
const operations: ApiOperation[] = await apiOperations();
// Deletes last, so the other calls still meet the seeded rows.
const ordered = [...operations.filter((operation) => operation.method !== 'DELETE'), ...operations.filter((operation) => operation.method === 'DELETE')];

beforeAll(async () => {
  console.log(`fuzzing seed ${fuzzSeed} (FUZZ_SEED=${fuzzSeed} replays it), ${runsPerOperation} generated requests per operation`);
  await world.start();
});

afterAll(async () => {
  console.log(summary(world.tallies));
  await world.stop();
});

// Each operation's seed is the run's seed plus its place in the full list, so FUZZ_ONLY replays the same requests.
const cases = ordered
  .map((operation, index) => [`${operation.method} ${operation.path}`, operation, index] as const)
  .filter(([name]) => !only || name.includes(only));

describe(`every operation under generated requests (seed ${fuzzSeed})`, () => {
  it.each(cases)(
    '%s: no 5xx, no stack trace or SQL in any answer',
    async (name, operation, index) => {
      await world.fuzz(operation, index);
      const tally = world.tallies.at(-1);
      if (tally) console.log(`${name}: ${tally.requests} requests, ${[...tally.statuses].map(([status, count]) => `${status}×${count}`).join(' ')}`);
      const failures = world.failures.filter((failure) => failure.operation === name);
      expect(failures.slice(0, 5), `${failures.length} failures`).toEqual([]);
    },
    // The slowest calls (a PDF report, a year of availability) take ~0.25 s each on a loaded machine.
    60_000 + runsPerOperation * 600,
  );
});
