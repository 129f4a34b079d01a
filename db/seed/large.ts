import { and, count, eq, sql } from 'drizzle-orm';
import {
  clients,
  taskTypes,
  tasks,
  tenantFeatures,
  tenants,
  userZones,
  workingHoursTemplateDays,
  workingHoursTemplates,
  zonePoints,
  zones,
} from '@/db/schema';
import type { Db, DbOrTx } from '@/lib/server/core/db';
import { addDays, localInstant, localToday, type LocalDay } from './calendar';
import { demoTaskTypes } from './catalogue';
import { demoClients, demoZones, milanCentre } from './milan';
import { createLogins, demoPasswordHashOnce, managerRoles } from './people';
import { SeededRandom } from './random';
import { insertDefaultCancellationReasons } from '@/lib/server/reference/data/defaults';
import { insertBatchSize, insertTaskPlans, type StatusStep, type TaskPlan } from './task-rows';

export const largeTenantName = 'Bench Co';
const benchTimeZone = 'Europe/Rome';
const benchWorkers = 50;
const benchClients = 300;
const spreadDays = 365;

interface BenchSetup {
  tenantId: number;
  ownerId: number;
  workerIds: number[];
  types: Array<{ id: number; durationMins: number }>;
  clients: Array<{ id: number; name: string; address: string; latitude: number; longitude: number }>;
  reasonIds: number[];
}

async function createBenchTenant(db: DbOrTx): Promise<number> {
  const [tenant] = await db
    .insert(tenants)
    .values({ displayName: largeTenantName, timeZone: benchTimeZone })
    .returning({ id: tenants.id });
  const tenantId = tenant.id;
  await db.insert(tenantFeatures).values([1, 2, 3, 4].map((featureId) => ({ tenantId, featureId })));
  await insertDefaultCancellationReasons(db, tenantId);
  const [template] = await db
    .insert(workingHoursTemplates)
    .values({ tenantId, name: 'Full time' })
    .returning({ id: workingHoursTemplates.id });
  const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
  await db.insert(workingHoursTemplateDays).values(
    days.map((day) => ({ tenantId, templateId: template.id, day, hours: day === 'sat' || day === 'sun' ? ' ' : '08:00|18:00' })),
  );
  const zoneRows = await db
    .insert(zones)
    .values(demoZones.map(({ name, color }) => ({ tenantId, name, color })))
    .returning({ id: zones.id });
  await db.insert(zonePoints).values(
    demoZones.flatMap((zone, zoneIndex) =>
      zone.points.map((point, index) => ({ tenantId, zoneId: zoneRows[zoneIndex].id, ...point, pointOrder: index + 1 })),
    ),
  );
  await db.insert(taskTypes).values(
    demoTaskTypes.flatMap((type) => [
      { tenantId, name: type.name, durationMins: type.durationMins },
      { tenantId, name: `${type.name} (extended)`, durationMins: type.durationMins * 2 },
    ]),
  );
  const random = new SeededRandom(9_001);
  await db.insert(clients).values(
    Array.from({ length: benchClients }, (_, index) => {
      const street = demoClients[index % demoClients.length].defaultTaskLocation.address.split(',')[0];
      const latitude = milanCentre.lat + (random.next() - 0.5) * 0.14;
      const longitude = milanCentre.lng + (random.next() - 0.5) * 0.2;
      return {
        tenantId,
        displayName: `Bench Client ${String(index + 1).padStart(3, '0')}`,
        defaultTaskLocation: { address: `${street}, Milano MI`, latitude, longitude },
      };
    }),
  );
  const passwordHash = await demoPasswordHashOnce();
  const logins = await createLogins(
    db,
    tenantId,
    [
      { username: 'owner@bench.test', name: 'Bench', surname: 'Owner', ...managerRoles },
      ...Array.from({ length: benchWorkers }, (_, index) => ({
        username: `worker${index + 1}@bench.test`,
        name: 'Worker',
        surname: String(index + 1),
        assignee: true,
        workingHoursTemplateId: template.id,
      })),
    ],
    passwordHash,
  );
  const workerIds = [...logins.entries()].filter(([name]) => name.startsWith('worker')).map(([, id]) => id);
  await db
    .insert(userZones)
    .values(workerIds.map((userId, index) => ({ tenantId, userId, zoneId: zoneRows[index % zoneRows.length].id })));
  return tenantId;
}

async function loadBenchSetup(db: DbOrTx, tenantId: number): Promise<BenchSetup> {
  const people = await db.query.users.findMany({ where: (user, { eq: equals }) => equals(user.tenantId, tenantId) });
  const owner = people.find((person) => person.owner);
  if (!owner) throw new Error(`${largeTenantName} has no owner`);
  const reasons = await db.query.cancellationReasons.findMany({
    where: (reason, { eq: equals }) => equals(reason.tenantId, tenantId),
  });
  const typeRows = await db.select({ id: taskTypes.id, durationMins: taskTypes.durationMins }).from(taskTypes).where(eq(taskTypes.tenantId, tenantId));
  const clientRows = await db.select().from(clients).where(eq(clients.tenantId, tenantId));
  return {
    tenantId,
    ownerId: owner.id,
    workerIds: people.filter((person) => person.assignee).map((person) => person.id),
    types: typeRows,
    clients: clientRows.map((client) => ({
      id: client.id,
      name: client.displayName,
      address: client.defaultTaskLocation.address ?? '',
      latitude: client.defaultTaskLocation.latitude ?? milanCentre.lat,
      longitude: client.defaultTaskLocation.longitude ?? milanCentre.lng,
    })),
    reasonIds: reasons.map((reason) => reason.id),
  };
}

function benchPlan(setup: BenchSetup, random: SeededRandom, today: LocalDay, now: Date): TaskPlan {
  const type = random.pick(setup.types);
  const client = random.pick(setup.clients);
  const offset = random.int(-spreadDays, spreadDays);
  const day = addDays(today, offset);
  const placement = random.next();
  const scheduled = placement >= 0.05;
  const assigneeId = placement >= 0.15 ? random.pick(setup.workerIds) : null;
  const appointment = scheduled ? localInstant(day, random.int(32, 71) * 15, benchTimeZone) : null;
  const createdDay = addDays(scheduled ? day : today, -random.int(1, 30));
  const created = localInstant(createdDay < today ? createdDay : addDays(today, -1), random.int(480, 1079), benchTimeZone);
  const past = appointment !== null && appointment.getTime() + type.durationMins * 120_000 < now.getTime();
  const roll = random.next();
  let statusId = 1;
  if (roll < 0.07) statusId = 5;
  else if (past && assigneeId !== null) statusId = roll < 0.9 ? 4 : roll < 0.95 ? 2 : 3;

  const steps: StatusStep[] = [];
  let completedAt: Date | null = null;
  const cancelled =
    statusId === 5 ? new Date(Math.min(created.getTime() + random.int(1, 48) * 3_600_000, now.getTime())) : null;
  if (cancelled) steps.push({ statusId: 5, at: cancelled, userId: setup.ownerId });
  if (appointment && (statusId === 2 || statusId === 3 || statusId === 4)) {
    steps.push({ statusId: 2, at: appointment, userId: assigneeId });
    if (statusId === 3) steps.push({ statusId: 3, at: new Date(appointment.getTime() + 1_800_000), userId: assigneeId });
    if (statusId === 4) {
      completedAt = new Date(appointment.getTime() + Math.round(type.durationMins * (0.7 + random.next() * 0.7)) * 60_000);
      steps.push({ statusId: 4, at: completedAt, userId: assigneeId });
    }
  }
  return {
    creatorId: setup.ownerId,
    statusSteps: steps,
    task: {
      title: `Bench task - ${client.name}`,
      typeId: type.id,
      clientId: client.id,
      assigneeId,
      statusId,
      billingStatusId: statusId === 4 ? random.pick([1, 2, 3]) : statusId === 5 ? 4 : 1,
      cancelled,
      cancellationReasonId: cancelled ? random.pick(setup.reasonIds) : null,
      appointmentDate: appointment,
      durationMins: type.durationMins,
      locationAddress: client.address,
      locationLatitude: client.latitude,
      locationLongitude: client.longitude,
      completedAt,
      created,
      updated: steps.length > 0 ? steps[steps.length - 1].at : created,
    },
  };
}

/**
 * PGlite runs no autovacuum, so without this the planner keeps the plans it made when the tables were tiny
 * (the foreign-key checks included) and each batch scans more rows than the one before. Refreshed each time the
 * run has doubled, which is often enough for the plans and cheap enough for the run.
 */
async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze tasks, task_timeline, task_logs`);
}

/**
 * Builds, or tops up to `taskCount` tasks, the benchmark tenant "Bench Co": tasks over a year either side of
 * today, written 1000 per statement, one transaction per batch so a long run keeps its progress.
 */
export async function seedLargeTenant(
  db: Db,
  taskCount: number,
  now: Date = new Date(),
): Promise<{ tenantId: number; inserted: number }> {
  const existing = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.displayName, largeTenantName)).limit(1);
  const tenantId = existing[0]?.id ?? (await db.transaction((tx) => createBenchTenant(tx)));
  const setup = await loadBenchSetup(db, tenantId);
  const [{ present }] = await db
    .select({ present: count() })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId)));
  const missing = Math.max(0, taskCount - present);
  const random = new SeededRandom(4_242 + present);
  const today = localToday(benchTimeZone, now);
  for (let done = 0; done < missing; done += insertBatchSize) {
    const size = Math.min(insertBatchSize, missing - done);
    const plans = Array.from({ length: size }, () => benchPlan(setup, random, today, now)).sort(
      (first, second) => first.task.created.getTime() - second.task.created.getTime(),
    );
    await db.transaction((tx) => insertTaskPlans(tx, tenantId, plans).then(() => undefined));
    const batchesDone = done / insertBatchSize + 1;
    if ((batchesDone & (batchesDone - 1)) === 0) await refreshPlannerStatistics(db);
  }
  await refreshPlannerStatistics(db);
  return { tenantId, inserted: missing };
}
