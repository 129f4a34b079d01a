import { performance } from 'node:perf_hooks';
import { taskTypes, tasks, tenantFeatures, tenants, users, workerUnavailability, workingHoursTemplateDays, workingHoursTemplates } from '../db/schema';
import { ensureReferenceData } from '../lib/server/reference/data/defaults';
import { weekDays } from '../lib/contract/working-hours';
import { addDays, zonedInstant } from '../lib/contract/zoned-time';
import { freeIntervalsFor } from '../lib/server/scheduling/availability';
import { closeConnection, connection, type Db } from '../lib/server/core/db';
import { loadCtx, type Ctx } from '../lib/server/core/ctx';
import { formatMs, summarise } from './lib/stats';

/**
 * freeIntervalsFor (the availability service) for 100 workers × 7 days, as the board asks for a week: a tenant of
 * 100 workers on four templates (ten without one), about 1,000 unavailability records over three months (a tenth of
 * them deleted) and 5 tasks a weekday per worker over five weeks (~12,500, some cancelled or deleted). Prints
 * median and p95 of the call with and without the worker's tasks taken out, and how many queries one call makes.
 *   npx tsx --conditions=react-server bench/availability.ts [--runs 50]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/fieldops_bench npx tsx --conditions=react-server bench/availability.ts
 * DATABASE_URL names a database the bench may migrate and add a tenant of its own to; without it, an in-memory
 * PGlite. `--conditions=react-server` lets the server modules' 'server-only' guard load outside Next.js.
 */
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 50;
if (!process.env.DATABASE_URL) process.env.PGLITE_DIR ??= 'memory://';

const workerCount = 100;
/** The week asked for: Monday to Sunday, the Sunday being the day Rome moves to summer time. */
const weekStart = '2030-03-25';
const weekEnd = addDays(weekStart, 6);
const timeZone = 'Europe/Rome';

const templateShapes: Array<{ name: string; weekday: string; saturday: string }> = [
  { name: 'Office', weekday: '08:00|12:00,13:00|17:00', saturday: ' ' },
  { name: 'Mornings', weekday: '07:00|13:00', saturday: '08:00|12:00' },
  { name: 'Split shift', weekday: '07:30|11:30,15:00|19:00', saturday: ' ' },
  { name: 'Long days', weekday: '06:00|18:00', saturday: '06:00|14:00' },
];

/** A small deterministic generator, so every run builds the same tenant. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let index = 0; index < rows.length; index += 1_000) await insert(rows.slice(index, index + 1_000));
}

async function buildTenant(db: Db) {
  await ensureReferenceData(db);
  const random = seeded(2030);
  const [tenant] = await db.insert(tenants).values({ displayName: `Availability bench ${Date.now()}`, timeZone }).returning({ id: tenants.id });
  const tenantId = tenant.id;
  await db.insert(tenantFeatures).values({ tenantId, featureId: 2 });
  const templateIds: number[] = [];
  for (const shape of templateShapes) {
    const [template] = await db.insert(workingHoursTemplates).values({ tenantId, name: shape.name }).returning({ id: workingHoursTemplates.id });
    templateIds.push(template.id);
    await db.insert(workingHoursTemplateDays).values(
      weekDays.map((day) => ({ tenantId, templateId: template.id, day, hours: day === 'sun' ? ' ' : day === 'sat' ? shape.saturday : shape.weekday })),
    );
  }
  const stamp = Date.now();
  const [owner] = await db.insert(users).values({ tenantId, username: `owner-${stamp}@bench.test`, name: 'Bench', surname: 'Owner', owner: true }).returning({ id: users.id });
  const workers = await db
    .insert(users)
    .values(
      Array.from({ length: workerCount }, (_, index) => ({
        tenantId,
        username: `worker-${stamp}-${index}@bench.test`,
        name: 'Worker',
        surname: String(index + 1),
        assignee: true,
        workingHoursTemplateId: index % 10 === 9 ? null : templateIds[index % templateIds.length],
      })),
    )
    .returning({ id: users.id });
  const workerIds = workers.map((worker) => worker.id);
  const [type] = await db.insert(taskTypes).values({ tenantId, name: 'Visit', durationMins: 60 }).returning({ id: taskTypes.id });

  // About ten records per worker over the three months around the week: days off, afternoons off, a tenth deleted.
  const recordHours = [' ', '08:00|12:00', '13:00|17:00', '09:00|11:00,14:00|18:00'];
  const records = workerIds.flatMap((userId) => {
    const days = new Set<string>();
    while (days.size < 10) days.add(addDays(weekStart, Math.floor(random() * 90) - 45));
    return [...days].map((date) => ({
      tenantId,
      userId,
      dateUnavailability: date,
      hours: recordHours[Math.floor(random() * recordHours.length)],
      deleted: random() < 0.1 ? new Date() : null,
    }));
  });
  await insertInBatches(records, (batch) => db.insert(workerUnavailability).values(batch));

  // Five one-hour tasks a weekday per worker from the week before to three weeks after.
  let referenceNumber = 0;
  const taskRows = workerIds.flatMap((assigneeId) =>
    Array.from({ length: 35 }, (_, offset) => addDays(weekStart, offset - 7))
      .filter((day) => new Date(`${day}T12:00:00Z`).getUTCDay() % 6 !== 0)
      .flatMap((day) =>
        [8, 10, 13, 15, 17].map((hour) => {
          const roll = random();
          referenceNumber += 1;
          return {
            tenantId,
            referenceNumber,
            title: 'Bench visit',
            typeId: type.id,
            assigneeId,
            appointmentDate: zonedInstant(day, `${String(hour).padStart(2, '0')}:00`, timeZone),
            durationMins: 45 + Math.floor(random() * 4) * 15,
            cancelled: roll < 0.05 ? new Date() : null,
            statusId: roll < 0.05 ? 5 : 1,
            deleted: roll > 0.97 ? new Date() : null,
          };
        }),
      ),
  );
  await insertInBatches(taskRows, (batch) => db.insert(tasks).values(batch));
  const ctx = await loadCtx(db, owner.id, 'bench', 'session');
  if (!ctx) throw new Error('the bench owner could not act');
  return { ctx, workerIds, records: records.length, tasks: taskRows.length };
}

/** The same ctx whose database handle counts the statements it starts, to show one query per call. */
function countingQueries(ctx: Ctx): { ctx: Ctx; count: () => number } {
  let started = 0;
  const db = new Proxy(ctx.db, {
    get(target, property, receiver) {
      if (property === 'select' || property === 'execute' || property === 'selectDistinct') started += 1;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { ctx: { ...ctx, db }, count: () => started };
}

async function time(label: string, call: () => Promise<unknown>) {
  for (let warm = 0; warm < 3; warm += 1) await call();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  const stats = summarise(samples);
  console.log(`${label}: median ${formatMs(stats.median)}, p95 ${formatMs(stats.p95)}, max ${formatMs(stats.max)} (${runs} runs)`);
}

async function main() {
  const conn = await connection();
  await conn.migrate();
  const setup = await buildTenant(conn.db);
  const where = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  console.log(`${where}: ${setup.workerIds.length} workers, ${setup.records} unavailability records, ${setup.tasks} tasks; week ${weekStart} to ${weekEnd}`);
  const counted = countingQueries(setup.ctx);
  const answer = await freeIntervalsFor(counted.ctx, setup.workerIds, weekStart, weekEnd, { minusTasks: true });
  const dayCount = [...answer.values()].reduce((sum, days) => sum + days.length, 0);
  console.log(`one call answers ${answer.size} workers × 7 days (${dayCount} worker-days) with ${counted.count()} query`);
  await time('freeIntervalsFor, hours only', () => freeIntervalsFor(setup.ctx, setup.workerIds, weekStart, weekEnd));
  await time('freeIntervalsFor, minus tasks', () => freeIntervalsFor(setup.ctx, setup.workerIds, weekStart, weekEnd, { minusTasks: true }));
  await closeConnection();
}

void main();
