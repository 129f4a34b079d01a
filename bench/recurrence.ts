import { performance } from 'node:perf_hooks';
import { customFields, customFieldValues, taskTypeCustomFields, taskTypes, tasks, tenants, users, clients } from '../db/schema';
import { ensureReferenceData } from '../lib/server/reference/data/defaults';
import { addDays, todayIn, zonedInstant } from '../lib/contract/zoned-time';
import { closeConnection, connection } from '../lib/server/core/db';
import { loadCtx } from '../lib/server/core/ctx';
import { updateTaskAndChildren } from '../lib/server/tasks/recurrence/following';
import { recur } from '../lib/server/tasks/recurrence/series';
import { allocateReferenceNumber } from '../lib/server/tasks/write';
import { formatMs, summarise } from './lib/stats';

/**
 * A year of daily children in one call, as POST tasks/recurring makes them: the tasks with their custom field
 * values, timeline rows, task_created entries and live events, in one transaction. Prints min, median and max,
 * then the time of PUT updateTaskAndTheirChildren on that parent (a change carried to every following child).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/fieldops_bench npx tsx --conditions=react-server bench/recurrence.ts [--runs 7]
 * DATABASE_URL names a database the bench may migrate and add a tenant of its own to; without it, an in-memory
 * PGlite. `--conditions=react-server` lets the server modules' 'server-only' guard load outside Next.js.
 */
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 7;
if (!process.env.DATABASE_URL) process.env.PGLITE_DIR ??= 'memory://';

async function company() {
  const conn = await connection();
  await conn.migrate();
  const db = conn.db;
  await ensureReferenceData(db);
  const [tenant] = await db.insert(tenants).values({ displayName: `Recurrence bench ${Date.now()}` }).returning({ id: tenants.id });
  const tenantId = tenant.id;
  const stamp = Date.now();
  const [owner, worker] = await db
    .insert(users)
    .values([
      { tenantId, username: `owner-${stamp}@bench.test`, name: 'Bench', surname: 'Owner', owner: true },
      { tenantId, username: `worker-${stamp}@bench.test`, name: 'Bench', surname: 'Worker', assignee: true },
    ])
    .returning({ id: users.id });
  const [type] = await db.insert(taskTypes).values({ tenantId, name: 'Boiler service', durationMins: 60 }).returning({ id: taskTypes.id });
  const fields = await db
    .insert(customFields)
    .values([
      { tenantId, fieldName: 'Customer PO number', fieldType: 'TEXT', required: true, requiredType: 'ON_SAVE' },
      { tenantId, fieldName: 'Site access', fieldType: 'TEXT' },
    ])
    .returning({ id: customFields.id });
  await db.insert(taskTypeCustomFields).values(fields.map((field) => ({ tenantId, taskTypeId: type.id, customFieldId: field.id })));
  const [client] = await db.insert(clients).values({ tenantId, displayName: 'Hotel Duomo' }).returning({ id: clients.id });
  const ctx = await loadCtx(db, owner.id, 'bench', 'session');
  if (!ctx) throw new Error('the bench owner could not act');
  return { db, ctx, tenantId, workerId: worker.id, typeId: type.id, clientId: client.id, fieldIds: fields.map((field) => field.id) };
}

async function main() {
  const setup = await company();
  const { db, ctx } = setup;
  const samples: number[] = [];
  let children = 0;
  let lastParent = 0;
  for (let run = 0; run < runs + 1; run += 1) {
    const referenceNumber = await allocateReferenceNumber(db, setup.tenantId);
    const [parent] = await db
      .insert(tasks)
      .values({
        tenantId: setup.tenantId,
        referenceNumber,
        title: 'Boiler service - Hotel Duomo',
        typeId: setup.typeId,
        clientId: setup.clientId,
        assigneeId: setup.workerId,
        appointmentDate: zonedInstant(addDays(todayIn(ctx.tenantTimeZone), 1), '09:00', ctx.tenantTimeZone),
        locationAddress: 'Piazza Duomo 1, Milano',
      })
      .returning({ id: tasks.id });
    await db.insert(customFieldValues).values(
      setup.fieldIds.map((customFieldId, index) => ({ tenantId: setup.tenantId, taskId: parent.id, customFieldId, fieldValue: `value ${index}` })),
    );
    const started = performance.now();
    const result = await recur(ctx, parent.id, { parentTaskId: parent.id, recurringRule: 'daily' }, 'create');
    const elapsed = performance.now() - started;
    children = result.createdTaskIds.length;
    lastParent = parent.id;
    // The first run warms the connection and the query plans; it is not counted.
    if (run > 0) samples.push(elapsed);
  }
  const stats = summarise(samples);
  const where = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  console.log(`A year of daily children on ${where}: ${children} tasks, each with 2 custom field values, a timeline row, a log entry and a live event`);
  console.log(`runs ${samples.length}: min ${formatMs(stats.min)}, median ${formatMs(stats.median)}, max ${formatMs(stats.max)}`);
  // "This task and the following ones" on the parent of that series: every child is updated with its rules and log.
  const updates: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    await updateTaskAndChildren(ctx, lastParent, { description: `Gate code ${run}` });
    updates.push(performance.now() - started);
  }
  const updateStats = summarise(updates);
  console.log(`updating the parent and its ${children} following children: median ${formatMs(updateStats.median)} of ${updates.length} runs`);
  await closeConnection();
}

void main();
