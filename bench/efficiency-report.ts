import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { tenants, users } from '../db/schema';
import { largeTenantName } from '../db/seed/large';
import { addDays, todayIn } from '../lib/contract/zoned-time';
import type { EfficiencyBody, EfficiencyReport } from '../lib/contract/efficiency-report';
import { closeConnection, connection } from '../lib/server/db/client';
import { loadCtx } from '../lib/server/http/ctx';
import { efficiencyReport } from '../lib/server/reports/efficiency';
import { formatMs, summarise } from './lib/stats';

/**
 * POST reports/efficiency for one year on Bench Co, measured through the service (the SQL statement, the working
 * hours of the workers through the availability service, the rows as the route hands them to Response.json) and
 * the serialisation of the answer. Prints min, median, p95 and max of each case, the rows and the answer's size.
 *   createdb -h 127.0.0.1 -U postgres fieldops_bench
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/fieldops_bench
 *   npm run seed -- --tasks 100000
 *   npx tsx --conditions=react-server bench/efficiency-report.ts [--runs 20]
 * Cases: the whole year with no filter (every completed task of the year, all 50 workers' hours), the year for 5
 * workers, and the year for 20 clients and 2 task types. `--conditions=react-server` lets the server modules'
 * 'server-only' guard load outside Next.js.
 */
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 20;
const warmUp = 3;

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a database seeded with `npm run seed -- --tasks 100000`.');
  const { db } = await connection();
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.displayName, largeTenantName));
  if (!tenant) throw new Error(`No ${largeTenantName}: run npm run seed -- --tasks 100000 first.`);
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'owner@bench.test'));
  const ctx = await loadCtx(db, owner.id, 'bench', 'session');
  if (!ctx) throw new Error('The bench owner cannot act.');
  const today = todayIn(ctx.tenantTimeZone);
  // The last year up to today: the seed spreads tasks a year either side of today, so this holds every past one.
  const query = { from: addDays(today, -365), to: today };

  const workers = await db.select({ id: users.id }).from(users).where(eq(users.tenantId, tenant.id));
  const sample = await efficiencyReport(ctx, query, {});
  const clientIds = [...new Set(sample.map((row) => row.task.client?.id).filter((id): id is number => id !== undefined))].slice(0, 20);
  const cases: Array<{ name: string; body: EfficiencyBody }> = [
    { name: 'no filter', body: {} },
    { name: '5 workers', body: { assigneeId: workers.slice(1, 6).map((worker) => worker.id) } },
    { name: '20 clients', body: { clientIds } },
  ];

  console.log(`POST reports/efficiency on ${largeTenantName}, ${query.from} to ${query.to} (366 days), ${runs} runs after ${warmUp} warm-up`);
  for (const { name, body } of cases) {
    const serviceTimes: number[] = [];
    const withJsonTimes: number[] = [];
    let answer: EfficiencyReport = [];
    let bytes = 0;
    for (let index = 0; index < warmUp + runs; index++) {
      const started = performance.now();
      answer = await efficiencyReport(ctx, query, body);
      const read = performance.now() - started;
      bytes = Buffer.byteLength(JSON.stringify(answer));
      const serialised = performance.now() - started;
      if (index >= warmUp) {
        serviceTimes.push(read);
        withJsonTimes.push(serialised);
      }
    }
    const service = summarise(serviceTimes);
    const withJson = summarise(withJsonTimes);
    const first = answer[0];
    console.log(`\n${name}: ${answer.length} rows, ${(bytes / 1_048_576).toFixed(1)} MB of JSON`);
    console.log(`  totals: estimate ${first?.totalEstimate ?? 0} min, actual ${first?.totalActual ?? 0} min, working hours ${first?.workingHours ?? 0} min`);
    console.log(`  service:         min ${formatMs(service.min)}, p50 ${formatMs(service.median)}, p95 ${formatMs(service.p95)}, max ${formatMs(service.max)}`);
    console.log(`  service + JSON:  min ${formatMs(withJson.min)}, p50 ${formatMs(withJson.median)}, p95 ${formatMs(withJson.p95)}, max ${formatMs(withJson.max)}`);
  }
}

main()
  .then(() => closeConnection())
  .catch(async (error: unknown) => {
    console.error(error);
    await closeConnection();
    process.exitCode = 1;
  });
