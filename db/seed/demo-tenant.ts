import {
  clients,
  customFields,
  skills,
  taskTypeCustomFields,
  taskTypeSkills,
  taskTypes,
  tenantFeatures,
  tenants,
  timeSlots,
  users,
  userSkills,
  userZones,
  workerPositions,
  workerUnavailability,
  workingHoursTemplateDays,
  workingHoursTemplates,
  zonePoints,
  zones,
} from '@/db/schema';
import type { DbOrTx } from '@/lib/server/core/db';
import { eq } from 'drizzle-orm';
import { addDays, localToday, type LocalDay } from './calendar';
import {
  demoCustomFields,
  demoSkills,
  demoTaskTypes,
  demoTemplates,
  demoTimeSlots,
  demoWorkers,
  fieldTaskTypes,
} from './catalogue';
import { planDemoTasks, type DemoTaskContext, type DemoWorker } from './demo-tasks';
import { demoClients, demoZones, milanCentre } from './milan';
import { createLogins, managerRoles, type PersonSeed } from './people';
import { SeededRandom } from './random';
import { insertDefaultCancellationReasons, defaultCancellationReasonNames } from '@/lib/server/reference/data/defaults';
import { insertTaskPlans } from './task-rows';
import { findOrThrow, idOf } from './lookup';

export const demoTimeZone = 'Europe/Rome';
const demoSeed = 20_260_101;

const dayKeys = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

function minutesOf(time: string): number {
  const [hour, minute] = time.split(':').map(Number);
  return hour * 60 + minute;
}

function byName<T extends { id: number; name: string }>(rows: T[]): Map<string, number> {
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function insertCatalogue(db: DbOrTx, tenantId: number) {
  await db.insert(tenantFeatures).values([1, 2, 3, 4, 5].map((featureId) => ({ tenantId, featureId })));

  const skillIds = byName(
    await db
      .insert(skills)
      .values(demoSkills.map((skill) => ({ ...skill, tenantId })))
      .returning({ id: skills.id, name: skills.name }),
  );

  const zoneRows = await db
    .insert(zones)
    .values(demoZones.map(({ name, color }) => ({ tenantId, name, color })))
    .returning({ id: zones.id, name: zones.name });
  const zoneIds = byName(zoneRows);
  await db.insert(zonePoints).values(
    demoZones.flatMap((zone) =>
      zone.points.map((point, index) => ({ tenantId, zoneId: idOf(zoneIds, zone.name), ...point, pointOrder: index + 1 })),
    ),
  );

  const slotRows = await db
    .insert(timeSlots)
    .values(demoTimeSlots.map((slot) => ({ ...slot, tenantId })))
    .returning({ id: timeSlots.id, startTime: timeSlots.startTime, endTime: timeSlots.endTime });

  const reasonIds = await insertDefaultCancellationReasons(db, tenantId);

  const fieldIds = Object.fromEntries(
    (
      await db
        .insert(customFields)
        .values(demoCustomFields.map((field) => ({ ...field, tenantId })))
        .returning({ id: customFields.id, name: customFields.fieldName })
    ).map((row) => [row.name, row.id]),
  );

  const typeIds = byName(
    await db
      .insert(taskTypes)
      .values(demoTaskTypes.map(({ name, durationMins }) => ({ tenantId, name, durationMins })))
      .returning({ id: taskTypes.id, name: taskTypes.name }),
  );
  const typeSkillRows = demoTaskTypes.flatMap((type) =>
    type.skills.map((skill) => ({ tenantId, taskTypeId: idOf(typeIds, type.name), skillId: idOf(skillIds, skill) })),
  );
  await db.insert(taskTypeSkills).values(typeSkillRows);
  const typeFieldRows = Object.entries(fieldTaskTypes).flatMap(([fieldName, typeNames]) =>
    typeNames.map((typeName) => ({ tenantId, taskTypeId: idOf(typeIds, typeName), customFieldId: fieldIds[fieldName] })),
  );
  await db.insert(taskTypeCustomFields).values(typeFieldRows);

  const clientRows = await db
    .insert(clients)
    .values(demoClients.map((client) => ({ ...client, tenantId })))
    .returning({ id: clients.id, displayName: clients.displayName });

  const templateIds = byName(
    await db
      .insert(workingHoursTemplates)
      .values(demoTemplates.map(({ name }) => ({ tenantId, name })))
      .returning({ id: workingHoursTemplates.id, name: workingHoursTemplates.name }),
  );
  await db.insert(workingHoursTemplateDays).values(
    demoTemplates.flatMap((template) =>
      Object.entries(template.hours).map(([day, hours]) => ({
        tenantId,
        templateId: idOf(templateIds, template.name),
        day: day as (typeof dayKeys)[number],
        hours,
      })),
    ),
  );

  return { skillIds, zoneIds, slotRows, reasonIds, fieldIds, typeIds, clientRows, templateIds };
}

function demoPeople(templateIds: Map<string, number>): PersonSeed[] {
  const office: PersonSeed[] = [
    { username: 'owner@demo.test', name: 'Giulia', surname: 'Rossi', ...managerRoles, phoneCountryCode: '+39', phone: '02 8734 1100' },
    { username: 'dispatcher@demo.test', name: 'Paolo', surname: 'Conti', tasksManager: true, phoneCountryCode: '+39', phone: '02 8734 1101' },
    { username: 'people@demo.test', name: 'Sara', surname: 'Russo', usersManager: true, phoneCountryCode: '+39', phone: '02 8734 1102' },
    { username: 'billing@demo.test', name: 'Elena', surname: 'Gallo', billingManager: true, phoneCountryCode: '+39', phone: '02 8734 1103' },
  ];
  const workers: PersonSeed[] = demoWorkers.map((worker, index) => ({
    username: `worker${index + 1}@demo.test`,
    name: worker.name,
    surname: worker.surname,
    assignee: true,
    phoneCountryCode: '+39',
    phone: `347 55${String(index + 1).padStart(2, '0')} 210`,
    workingHoursTemplateId: idOf(templateIds, worker.template),
  }));
  return [...office, ...workers];
}

/** Per-date records: one worker off for a day, another free only in the early morning. */
function demoUnavailability(today: LocalDay): Array<{ worker: number; day: LocalDay; hours: string }> {
  return [
    { worker: 3, day: addDays(today, 3), hours: ' ' },
    { worker: 6, day: addDays(today, -2), hours: '08:00|10:00' },
    { worker: 1, day: addDays(today, 7), hours: '13:30|17:30' },
  ];
}

/** "Demo Services": the tenant the README's demo logins belong to. */
export async function seedDemoServices(db: DbOrTx, passwordHash: string, now: Date = new Date()): Promise<number> {
  const [tenant] = await db
    .insert(tenants)
    .values({
      displayName: 'Demo Services',
      timeZone: demoTimeZone,
      demo: true,
      settings: {
        industry: 'technology',
        companySize: 'small',
        defaultMapBounds: {
          southWest: { lat: milanCentre.lat - 0.06, lng: milanCentre.lng - 0.1 },
          northEast: { lat: milanCentre.lat + 0.06, lng: milanCentre.lng + 0.1 },
        },
        // Where auto-schedule starts and ends the day of a worker without a start location of their own.
        officeLocation: { address: 'Via Tortona 27, 20144 Milano', latitude: 45.4517, longitude: 9.1653 },
      },
    })
    .returning({ id: tenants.id });
  const tenantId = tenant.id;
  const today = localToday(demoTimeZone, now);
  const random = new SeededRandom(demoSeed);
  const catalogue = await insertCatalogue(db, tenantId);

  const logins = await createLogins(db, tenantId, demoPeople(catalogue.templateIds), passwordHash);
  const workerIds = demoWorkers.map((_, index) => idOf(logins, `worker${index + 1}@demo.test`));
  await db.insert(userSkills).values(
    demoWorkers.flatMap((worker, index) =>
      worker.skills.map((skill) => ({ tenantId, userId: workerIds[index], skillId: idOf(catalogue.skillIds, skill) })),
    ),
  );
  await db.insert(userZones).values(
    demoWorkers.flatMap((worker, index) =>
      worker.zones.map((zone) => ({ tenantId, userId: workerIds[index], zoneId: idOf(catalogue.zoneIds, zone) })),
    ),
  );
  const unavailability = demoUnavailability(today);
  await db.insert(workerUnavailability).values(
    unavailability.map((record) => ({
      tenantId,
      userId: workerIds[record.worker - 1],
      dateUnavailability: record.day,
      hours: record.hours,
    })),
  );

  const workers: DemoWorker[] = demoWorkers.map((worker, index) => {
    const template = findOrThrow(demoTemplates, (candidate) => candidate.name === worker.template, 'template');
    return {
      id: workerIds[index],
      skills: worker.skills,
      zones: worker.zones.map((zone) => findOrThrow(demoZones, (candidate) => candidate.name === zone, 'zone').points),
      hoursByWeekday: dayKeys.map((key) => template.hours[key]),
      hoursOnDate: new Map(
        unavailability.filter((record) => record.worker === index + 1).map((record) => [record.day, record.hours]),
      ),
    };
  });
  const context: DemoTaskContext = {
    timeZone: demoTimeZone,
    today,
    random,
    dispatcherId: idOf(logins, 'dispatcher@demo.test'),
    billingManagerId: idOf(logins, 'billing@demo.test'),
    workers,
    clients: catalogue.clientRows.map((row, index) => ({
      id: row.id,
      displayName: row.displayName,
      location: demoClients[index].defaultTaskLocation,
      contact: demoClients[index].defaultContact,
    })),
    taskTypes: demoTaskTypes.map((type) => ({
      id: idOf(catalogue.typeIds, type.name),
      name: type.name,
      durationMins: type.durationMins,
      skills: type.skills,
      fieldNames: Object.keys(fieldTaskTypes).filter((field) => fieldTaskTypes[field].includes(type.name)),
    })),
    customFieldIds: catalogue.fieldIds,
    timeSlots: catalogue.slotRows.map((slot) => ({
      id: slot.id,
      startMins: minutesOf(slot.startTime),
      endMins: minutesOf(slot.endTime),
    })),
    cancellationReasons: catalogue.reasonIds.map((id, index) => ({ id, name: defaultCancellationReasonNames[index] })),
  };
  await insertTaskPlans(db, tenantId, planDemoTasks(context));
  await placeWorkers(db, tenantId, workerIds, random, now);
  return tenantId;
}

/** Last known positions for the live map: some fresh, some stale, some workers never seen. */
async function placeWorkers(db: DbOrTx, tenantId: number, workerIds: number[], random: SeededRandom, now: Date) {
  const minutesAgo = [2, 4, 12, 45, 180];
  for (const [index, ago] of minutesAgo.entries()) {
    const client = demoClients[(index * 7) % demoClients.length].defaultTaskLocation;
    const lat = client.latitude + (random.next() - 0.5) * 0.004;
    const lng = client.longitude + (random.next() - 0.5) * 0.004;
    const recorded = new Date(now.getTime() - ago * 60_000);
    await db.insert(workerPositions).values({ tenantId, userId: workerIds[index], lat, lng, recorded });
    await db
      .update(users)
      .set({ lat: lat.toFixed(6), lng: lng.toFixed(6), latLngTimestamp: recorded, lastSeen: recorded })
      .where(eq(users.id, workerIds[index]));
  }
}
