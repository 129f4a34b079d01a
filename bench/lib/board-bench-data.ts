import { and, asc, count, eq, gte, inArray, isNotNull, isNull, like, lt, sql } from 'drizzle-orm';
import { clients, taskTypes, tasks, tenants, userZones, users, workingHoursTemplates, zones } from '../../db/schema';
import { addDays, localInstant, localToday, weekdayOf } from '../../db/seed/calendar';
import { largeTenantName } from '../../db/seed/large';
import { createLogins, demoPasswordHashOnce } from '../../db/seed/people';
import { SeededRandom } from '../../db/seed/random';
import { insertTaskPlans, type TaskPlan } from '../../db/seed/task-rows';
import type { Db } from '../../lib/server/core/db';

/**
 * The scheduler bench's own data on Bench Co (`npm run seed -- --tasks 100000`), added idempotently: 100 active
 * workers, 2,000 assigned tasks in the current local week, and a pool of unscheduled tasks the drops use, put back
 * to unscheduled before and after each run so runs do not pile tasks onto next week.
 */
export const benchTimeZone = 'Europe/Rome';
export const wantedWorkers = 100;
export const wantedWeekEvents = 2_000;
const dropTitle = 'Scheduler bench drop';
const weekTitle = 'Scheduler bench week';

export interface Week {
  /** Local Monday and Sunday, YYYY-MM-DD. */
  from: string;
  to: string;
  start: Date;
  end: Date;
}

export interface DropTask {
  id: number;
  updated: string;
}

export interface BoardBenchSetup {
  tenantId: number;
  workerIds: number[];
  addedWorkers: number;
  week: Week;
  nextWeek: Week;
  weekEvents: number;
  addedEvents: number;
  dropTasks: DropTask[];
}

/** Monday to Sunday on the tenant's clock around `day`, `offset` weeks later. */
export function weekOf(day: string, offset = 0): Week {
  const monday = addDays(day, -((weekdayOf(day) + 6) % 7) + offset * 7);
  const sunday = addDays(monday, 6);
  return { from: monday, to: sunday, start: localInstant(monday, 0, benchTimeZone), end: localInstant(addDays(monday, 7), 0, benchTimeZone) };
}

async function findTenant(db: Db): Promise<{ tenantId: number; ownerId: number }> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.displayName, largeTenantName)).limit(1);
  if (!tenant) throw new Error(`${largeTenantName} is missing: run \`npm run seed -- --tasks 100000\` on this database first.`);
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenant.id), eq(users.owner, true), isNull(users.deleted)))
    .limit(1);
  if (!owner) throw new Error(`${largeTenantName} has no owner`);
  return { tenantId: tenant.id, ownerId: owner.id };
}

const activeWorkers = (db: Db, tenantId: number) =>
  db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.assignee, true), eq(users.active, true), isNull(users.deleted)))
    .orderBy(asc(users.id));

/** Tops the tenant up to 100 active workers named like the seed's (workerN@bench.test), on its template and zones. */
async function ensureWorkers(db: Db, tenantId: number): Promise<{ workerIds: number[]; added: number }> {
  const present = await activeWorkers(db, tenantId);
  const missing = wantedWorkers - present.length;
  if (missing <= 0) return { workerIds: present.map((worker) => worker.id), added: 0 };
  const named = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), like(users.username, 'worker%@bench.test')));
  const highest = Math.max(0, ...named.map((row) => Number(/^worker(\d+)@/.exec(row.username)?.[1] ?? 0)));
  const [template] = await db
    .select({ id: workingHoursTemplates.id })
    .from(workingHoursTemplates)
    .where(and(eq(workingHoursTemplates.tenantId, tenantId), isNull(workingHoursTemplates.deleted)))
    .orderBy(asc(workingHoursTemplates.id))
    .limit(1);
  const zoneRows = await db.select({ id: zones.id }).from(zones).where(and(eq(zones.tenantId, tenantId), isNull(zones.deleted)));
  const passwordHash = await demoPasswordHashOnce();
  const added = await db.transaction(async (tx) => {
    const logins = await createLogins(
      tx,
      tenantId,
      Array.from({ length: missing }, (_, index) => ({
        username: `worker${highest + index + 1}@bench.test`,
        name: 'Worker',
        surname: String(highest + index + 1),
        assignee: true,
        workingHoursTemplateId: template?.id ?? null,
      })),
      passwordHash,
    );
    const ids = [...logins.values()];
    if (zoneRows.length > 0) {
      await tx.insert(userZones).values(ids.map((userId, index) => ({ tenantId, userId, zoneId: zoneRows[index % zoneRows.length].id })));
    }
    return ids;
  });
  return { workerIds: (await activeWorkers(db, tenantId)).map((worker) => worker.id), added: added.length };
}

async function references(db: Db, tenantId: number) {
  const types = await db
    .select({ id: taskTypes.id, durationMins: taskTypes.durationMins })
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, tenantId), isNull(taskTypes.deleted)));
  const clientRows = await db.select().from(clients).where(and(eq(clients.tenantId, tenantId), isNull(clients.deleted)));
  return {
    types,
    clients: clientRows.map((client) => ({
      id: client.id,
      name: client.displayName,
      address: client.defaultTaskLocation.address ?? null,
      latitude: client.defaultTaskLocation.latitude ?? null,
      longitude: client.defaultTaskLocation.longitude ?? null,
    })),
  };
}

type References = Awaited<ReturnType<typeof references>>;

function plan(refs: References, random: SeededRandom, ownerId: number, title: string, placement: { assigneeId: number; start: Date } | null): TaskPlan {
  const type = random.pick(refs.types);
  const client = random.pick(refs.clients);
  const created = new Date(Date.now() - 30 * 86_400_000);
  return {
    creatorId: ownerId,
    statusSteps: [],
    task: {
      title: `${title} - ${client.name}`,
      typeId: type.id,
      clientId: client.id,
      assigneeId: placement?.assigneeId ?? null,
      appointmentDate: placement?.start ?? null,
      durationMins: Math.min(type.durationMins, 120),
      locationAddress: client.address,
      locationLatitude: client.latitude,
      locationLongitude: client.longitude,
      created,
      updated: created,
    },
  };
}

const assignedIn = (tenantId: number, week: Week) =>
  and(eq(tasks.tenantId, tenantId), isNotNull(tasks.assigneeId), isNull(tasks.deleted), gte(tasks.appointmentDate, week.start), lt(tasks.appointmentDate, week.end));

/** Fills the week's weekdays, worker by worker, 08:00-16:45, until it holds 2,000 assigned tasks. */
async function ensureWeekEvents(db: Db, tenantId: number, ownerId: number, week: Week, workerIds: number[], refs: References) {
  const [{ present }] = await db.select({ present: count() }).from(tasks).where(assignedIn(tenantId, week));
  const missing = wantedWeekEvents - present;
  if (missing <= 0) return { total: present, added: 0 };
  const random = new SeededRandom(2_000 + present);
  const plans = Array.from({ length: missing }, (_, index) => {
    const day = addDays(week.from, index % 5);
    const start = localInstant(day, 8 * 60 + random.int(0, 35) * 15, benchTimeZone);
    return plan(refs, random, ownerId, weekTitle, { assigneeId: workerIds[index % workerIds.length], start });
  });
  await db.transaction((tx) => insertTaskPlans(tx, tenantId, plans).then(() => undefined));
  return { total: wantedWeekEvents, added: missing };
}

const dropPool = (tenantId: number) => and(eq(tasks.tenantId, tenantId), like(tasks.title, `${dropTitle} - %`), isNull(tasks.deleted));

/** Puts the drop pool back where a drop starts: no date, no worker, not cancelled. */
export async function resetDropTasks(db: Db, tenantId: number): Promise<DropTask[]> {
  const rows = await db
    .update(tasks)
    .set({ appointmentDate: null, assigneeId: null, timeSlotId: null, statusId: 1, cancelled: null, updated: sql`now()` })
    .where(dropPool(tenantId))
    .returning({ id: tasks.id, updated: tasks.updated });
  return rows.sort((a, b) => a.id - b.id).map((row) => ({ id: row.id, updated: row.updated.toISOString() }));
}

async function ensureDropTasks(db: Db, tenantId: number, ownerId: number, wanted: number, refs: References): Promise<DropTask[]> {
  const [{ present }] = await db.select({ present: count() }).from(tasks).where(dropPool(tenantId));
  if (present < wanted) {
    const random = new SeededRandom(7_000 + present);
    const plans = Array.from({ length: wanted - present }, () => plan(refs, random, ownerId, dropTitle, null));
    await db.transaction((tx) => insertTaskPlans(tx, tenantId, plans).then(() => undefined));
  }
  return resetDropTasks(db, tenantId);
}

export async function prepareBoardBench(db: Db, dropsWanted: number, now = new Date()): Promise<BoardBenchSetup> {
  const { tenantId, ownerId } = await findTenant(db);
  const workers = await ensureWorkers(db, tenantId);
  const refs = await references(db, tenantId);
  const today = localToday(benchTimeZone, now);
  const week = weekOf(today);
  const events = await ensureWeekEvents(db, tenantId, ownerId, week, workers.workerIds, refs);
  const dropTasks = await ensureDropTasks(db, tenantId, ownerId, dropsWanted, refs);
  await db.execute(sql`analyze tasks, users`);
  return {
    tenantId,
    workerIds: workers.workerIds,
    addedWorkers: workers.added,
    week,
    nextWeek: weekOf(today, 1),
    weekEvents: events.total,
    addedEvents: events.added,
    dropTasks,
  };
}

/** How many of the pool's tasks are still on the board (a drop that saved), for the printout. */
export async function droppedCount(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [{ placed }] = await db.select({ placed: count() }).from(tasks).where(and(inArray(tasks.id, ids), isNotNull(tasks.assigneeId)));
  return placed;
}
