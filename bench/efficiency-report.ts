import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { tenants, users } from '../db/schema';
import { largeTenantName } from '../db/seed/large';
import { addDays, todayIn } from '../lib/contract/zoned-time';
import { filtersOf, type EfficiencyBody, type EfficiencyReport } from '../lib/contract/efficiency-report';
import { closeConnection, connection, queryRows } from '../lib/server/core/db';
import { loadCtx, type Ctx } from '../lib/server/core/ctx';
import { efficiencyReport, rangeInstants, reportQuery } from '../lib/server/reporting/efficiency/efficiency';
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
 * workers, and the year for 20 clients. Besides wall time it prints the database's own execution time of the
 * statement (EXPLAIN ANALYZE, timing off) and this process's CPU time per call: on a machine shared with other work,
 * wall time mostly measures the queue for a CPU. `--conditions=react-server` lets the server modules'
 * 'server-only' guard load outside Next.js.
 */
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 20;
const warmUp = 3;

/** PostgreSQL's own execution time of the report's statement, as its session runs it (no JIT, 64 MB to sort). */
async function databaseMs(ctx: Ctx, query: { from: string; to: string }, body: EfficiencyBody): Promise<number> {
  const { start, end } = rangeInstants(ctx, query);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local jit = off`);
    const [row] = await queryRows<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>(
      tx,
      sql`explain (analyze, timing off, format json) ${reportQuery(ctx, start, end, filtersOf(body))}`,
    );
    return row['QUERY PLAN'][0]['Execution Time'];
  });
}

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

  console.log(`load average at start: ${(await import('node:os')).loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  console.log(`POST reports/efficiency on ${largeTenantName}, ${query.from} to ${query.to} (366 days), ${runs} runs after ${warmUp} warm-up`);
  for (const { name, body } of cases) {
    const serviceTimes: number[] = [];
    const withJsonTimes: number[] = [];
    const cpuTimes: number[] = [];
    const dbTimes: number[] = [];
    let answer: EfficiencyReport = [];
    let bytes = 0;
    for (let index = 0; index < warmUp + runs; index++) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      answer = await efficiencyReport(ctx, query, body);
      const read = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      bytes = Buffer.byteLength(JSON.stringify(answer));
      const serialised = performance.now() - started;
      if (index >= warmUp) {
        serviceTimes.push(read);
        withJsonTimes.push(serialised);
        cpuTimes.push((cpu.user + cpu.system) / 1000);
        if (index < warmUp + 5) dbTimes.push(await databaseMs(ctx, query, body));
      }
    }
    const cpuStats = summarise(cpuTimes);
    const dbStats = summarise(dbTimes);
    const service = summarise(serviceTimes);
    const withJson = summarise(withJsonTimes);
    const first = answer[0];
    console.log(`\n${name}: ${answer.length} rows, ${(bytes / 1_048_576).toFixed(1)} MB of JSON`);
    console.log(`  totals: estimate ${first?.totalEstimate ?? 0} min, actual ${first?.totalActual ?? 0} min, working hours ${first?.workingHours ?? 0} min`);
    console.log(`  service:         min ${formatMs(service.min)}, p50 ${formatMs(service.median)}, p95 ${formatMs(service.p95)}, max ${formatMs(service.max)}`);
    console.log(`  service + JSON:  min ${formatMs(withJson.min)}, p50 ${formatMs(withJson.median)}, p95 ${formatMs(withJson.p95)}, max ${formatMs(withJson.max)}`);
    console.log(`  node CPU per call (service): min ${formatMs(cpuStats.min)}, p50 ${formatMs(cpuStats.median)}, max ${formatMs(cpuStats.max)}`);
    console.log(`  PostgreSQL execution of the statement (5 runs): min ${formatMs(dbStats.min)}, p50 ${formatMs(dbStats.median)}, max ${formatMs(dbStats.max)}`);
  }
}

main()
  .then(() => closeConnection())
  .catch(async (error: unknown) => {
    console.error(error);
    await closeConnection();
    process.exitCode = 1;
  });
