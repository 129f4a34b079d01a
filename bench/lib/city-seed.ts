import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  skills,
  taskTypeSkills,
  taskTypes,
  tenantFeatures,
  tenants,
  timeSlots,
  userSkills,
  userZones,
  workerUnavailability,
  workingHoursTemplateDays,
  workingHoursTemplates,
  zonePoints,
  zones,
} from '../../db/schema';
import { localInstant } from '../../db/seed/calendar';
import { createLogins, demoPassword, demoPasswordHashOnce } from '../../db/seed/people';
import { ensureReferenceData } from '../../lib/server/reference/data/defaults';
import { insertTaskPlans, type TaskPlan } from '../../db/seed/task-rows';
import type { Db, DbOrTx } from '../../lib/server/core/db';
import { DEFAULT_CITY, type CityOptions } from '../city';
import { planCity, type CityPlan, type CityPlanTask } from './city-seed-plan';

/**
 * The auto-schedule bench's tenant, "City Bench", in a database of its own: the seeded city of bench/city.ts
 * (30 workers with split shifts, skills, zones, start locations, 300 tasks to place, fixed bookings) written as the
 * product stores it, with features 1-4 (zones, working hours, time slots, skills) on and a dispatcher who signs in.
 */
export const cityDatabaseName = 'fieldops_bench_autoschedule';
export const cityTimeZone = 'Europe/Paris';
export const cityTenantName = 'City Bench';
export const cityDispatcher = { username: 'dispatcher@city.bench', password: demoPassword };

const dayKeys = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Drops the bench's database if a previous run left it, creates it empty and applies the migrations. */
export async function freshMigratedDatabase(baseUrl: string, name = cityDatabaseName): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(baseUrl, name);
  // The client reads DATABASE_URL when it first connects: point it at the new database, then put it back.
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  const { connection, closeConnection } = await import('../../lib/server/core/db');
  try {
    await (await connection()).migrate();
  } finally {
    await closeConnection();
    process.env.DATABASE_URL = previous;
  }
  return url;
}

export interface SeededCity {
  tenantId: number;
  day: string;
  plan: CityPlan;
  workerIds: number[];
  toPlaceIds: number[];
  otherIds: number[];
}

async function insertCatalogue(db: DbOrTx, tenantId: number, plan: CityPlan) {
  await db.insert(tenantFeatures).values([1, 2, 3, 4].map((featureId) => ({ tenantId, featureId })));
  const skillRows = await db
    .insert(skills)
    .values(plan.skills.map((name) => ({ tenantId, name, icon: 'zap' })))
    .returning({ id: skills.id, name: skills.name });
  const skillId = new Map(skillRows.map((row) => [row.name, row.id]));
  const zoneRows = await db
    .insert(zones)
    .values(plan.zoneNames.map((name) => ({ tenantId, name })))
    .returning({ id: zones.id });
  await db.insert(zonePoints).values(
    plan.zonePolygons.flatMap((polygon, zone) => polygon.map((point, order) => ({ tenantId, zoneId: zoneRows[zone].id, ...point, pointOrder: order + 1 }))),
  );
  const slotRows = await db
    .insert(timeSlots)
    .values(plan.slots.map((slot) => ({ tenantId, name: slot.name, startTime: `${clock(slot.startMins)}:00`, endTime: `${clock(slot.endMins)}:00` })))
    .returning({ id: timeSlots.id });
  const typeNames = [null, ...plan.skills];
  const typeRows = await db
    .insert(taskTypes)
    .values(typeNames.map((skill) => ({ tenantId, name: skill === null ? 'General visit' : `${skill} visit`, durationMins: 60 })))
    .returning({ id: taskTypes.id });
  const typeId = new Map(typeNames.map((skill, index) => [skill, typeRows[index].id]));
  await db.insert(taskTypeSkills).values(plan.skills.map((skill) => ({ tenantId, taskTypeId: typeId.get(skill) ?? 0, skillId: skillId.get(skill) ?? 0 })));
  const templateRows = await db
    .insert(workingHoursTemplates)
    .values(plan.templates.map((hours, index) => ({ tenantId, name: `Shifts ${index + 1} (${hours})` })))
    .returning({ id: workingHoursTemplates.id });
  await db
    .insert(workingHoursTemplateDays)
    .values(plan.templates.flatMap((hours, index) => dayKeys.map((day) => ({ tenantId, templateId: templateRows[index].id, day, hours }))));
  return { skillId, zoneIds: zoneRows.map((row) => row.id), slotIds: slotRows.map((row) => row.id), typeId, templateIds: templateRows.map((row) => row.id) };
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function insertPeople(db: DbOrTx, tenantId: number, plan: CityPlan, day: string, catalogue: Awaited<ReturnType<typeof insertCatalogue>>) {
  const passwordHash = await demoPasswordHashOnce();
  const logins = await createLogins(
    db,
    tenantId,
    [
      { username: cityDispatcher.username, name: 'Camille', surname: 'Dispatch', tasksManager: true },
      ...plan.workers.map((worker) => ({
        username: worker.username,
        name: worker.name,
        surname: worker.surname,
        assignee: true,
        active: worker.active,
        workingHoursTemplateId: catalogue.templateIds[worker.template],
        startAddress: worker.start ? 'Home' : null,
        startLatitude: worker.start?.latitude ?? null,
        startLongitude: worker.start?.longitude ?? null,
        maxTasksPerDay: worker.maxTasksPerDay,
      })),
    ],
    passwordHash,
  );
  const workerIds = plan.workers.map((worker) => logins.get(worker.username) ?? 0);
  const skillRows = plan.workers.flatMap((worker, index) => worker.skills.map((skill) => ({ tenantId, userId: workerIds[index], skillId: catalogue.skillId.get(skill) ?? 0 })));
  await db.insert(userSkills).values(skillRows);
  const zoneRows = plan.workers.flatMap((worker, index) => worker.zones.map((zone) => ({ tenantId, userId: workerIds[index], zoneId: catalogue.zoneIds[zone] })));
  await db.insert(userZones).values(zoneRows);
  const records = plan.workers.flatMap((worker, index) =>
    worker.recordHours === null ? [] : [{ tenantId, userId: workerIds[index], dateUnavailability: day, hours: worker.recordHours }],
  );
  await db.insert(workerUnavailability).values(records);
  return { dispatcherId: logins.get(cityDispatcher.username) ?? 0, workerIds };
}

/** Every plan sets the same fields: the bulk insert sends one array per column. */
function taskPlan(task: CityPlanTask, context: { day: string; creatorId: number; workerIds: number[]; catalogue: Awaited<ReturnType<typeof insertCatalogue>> }): TaskPlan {
  const created = new Date(Date.now() - 7 * 86_400_000);
  const cancelled = task.state === 'cancelled';
  const completed = task.state === 'completed';
  return {
    creatorId: context.creatorId,
    statusSteps: cancelled || completed ? [{ statusId: cancelled ? 5 : 4, at: created, userId: context.creatorId }] : [],
    task: {
      title: task.title,
      typeId: context.catalogue.typeId.get(task.skill) ?? 0,
      assigneeId: task.worker === null ? null : context.workerIds[task.worker],
      appointmentDate: task.startMins === null ? null : localInstant(context.day, task.startMins, cityTimeZone),
      durationMins: task.durationMins,
      timeSlotId: task.slot === null ? null : context.catalogue.slotIds[task.slot],
      locationAddress: task.location ? `Lyon ${task.location.latitude.toFixed(5)}, ${task.location.longitude.toFixed(5)}` : null,
      locationLatitude: task.location?.latitude ?? null,
      locationLongitude: task.location?.longitude ?? null,
      statusId: cancelled ? 5 : completed ? 4 : 1,
      cancelled: cancelled ? created : null,
      completedAt: completed ? created : null,
      deleted: task.state === 'deleted' ? created : null,
      created,
      updated: created,
    },
  };
}

/** Writes City Bench for the local day `day` (YYYY-MM-DD, Europe/Paris) on a migrated database. */
export async function seedCity(db: Db, day: string, options: CityOptions = DEFAULT_CITY): Promise<SeededCity> {
  const plan = planCity(options);
  await ensureReferenceData(db);
  return db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({
        displayName: cityTenantName,
        timeZone: cityTimeZone,
        settings: { officeLocation: { address: 'City Bench office', latitude: plan.office.latitude, longitude: plan.office.longitude } },
      })
      .returning({ id: tenants.id });
    const catalogue = await insertCatalogue(tx, tenant.id, plan);
    const people = await insertPeople(tx, tenant.id, plan, day, catalogue);
    const context = { day, creatorId: people.dispatcherId, workerIds: people.workerIds, catalogue };
    const toPlaceIds = await insertTaskPlans(tx, tenant.id, plan.toPlace.map((task) => taskPlan(task, context)));
    const otherIds = await insertTaskPlans(tx, tenant.id, plan.others.map((task) => taskPlan(task, context)));
    await tx.execute(sql`analyze`);
    return { tenantId: tenant.id, day, plan, workerIds: people.workerIds, toPlaceIds, otherIds };
  });
}
