import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DELETE as unassignHandler, PUT as scheduleHandler } from '@/app/api/web/tasks/[id]/schedule/route';
import {
  skills,
  taskTypeSkills,
  taskTypes,
  tasks,
  timeSlots,
  userSkills,
  userZones,
  users,
  workerUnavailability,
  workingHoursTemplateDays,
  workingHoursTemplates,
  zonePoints,
  zones,
} from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import { getDb } from '@/lib/server/core/db';
import { createCompany, createUser } from '../setup/fixtures';
import { signIn } from '../setup/http';
import { callJson, seedTask, type ErrorBody, type TaskView } from './helpers';

export const allFeatures = [Feature.zones, Feature.workingHours, Feature.timeSlots, Feature.skills];

/** Inside and outside the worker's zone (a square around Milan's centre). */
export const inside = { locationLatitude: 45.4642, locationLongitude: 9.19 };
export const outside = { locationLatitude: 45.07, locationLongitude: 7.68 };

/**
 * 2030-01-07 is a Monday; Europe/Rome (the tenants' zone) is UTC+1 in January. The worker works Monday to Friday
 * 08:00-12:00 and 13:00-17:00 and has a record with no hours on Tuesday 2030-01-08.
 */
export const at = (day: string, time: string) => `${day}T${time}:00+01:00`;
export const monday = '2030-01-07';
export const tuesday = '2030-01-08';
export const wednesday = '2030-01-09';

/**
 * A company of the given features whose `worker` knows Plumbing, works inside the 'Milano centro' zone on office
 * hours, and a `colleague` on the same hours and zone with every skill. Types: 'Visit' (30 min, needs Plumbing) and
 * 'Boiler service' (90 min, needs Plumbing and Gas). A 'Morning' slot 08:00-12:00. Signed in as a dispatcher.
 */
export async function scheduleCompany(features: number[]) {
  const db = await getDb();
  const company = await createCompany({ features });
  const { tenantId } = company;
  const dispatcher = await createUser(tenantId, { tasksManager: true });
  const colleague = await createUser(tenantId, { assignee: true });
  const [plumbing, gas] = await db
    .insert(skills)
    .values(['Plumbing', 'Gas'].map((name) => ({ tenantId, name, icon: 'wrench' })))
    .returning({ id: skills.id });
  const [visit, boiler] = await db
    .insert(taskTypes)
    .values([
      { tenantId, name: 'Visit', durationMins: 30 },
      { tenantId, name: 'Boiler service', durationMins: 90 },
    ])
    .returning({ id: taskTypes.id });
  await db.insert(taskTypeSkills).values([
    { tenantId, taskTypeId: visit.id, skillId: plumbing.id },
    { tenantId, taskTypeId: boiler.id, skillId: plumbing.id },
    { tenantId, taskTypeId: boiler.id, skillId: gas.id },
  ]);
  await db.insert(userSkills).values([
    { tenantId, userId: company.worker.id, skillId: plumbing.id },
    { tenantId, userId: colleague.id, skillId: plumbing.id },
    { tenantId, userId: colleague.id, skillId: gas.id },
  ]);
  const [centre] = await db.insert(zones).values({ tenantId, name: 'Milano centro' }).returning({ id: zones.id });
  const square = [
    [45.44, 9.16],
    [45.44, 9.22],
    [45.49, 9.22],
    [45.49, 9.16],
  ];
  await db.insert(zonePoints).values(square.map(([lat, lng], pointOrder) => ({ tenantId, zoneId: centre.id, lat, lng, pointOrder })));
  await db.insert(userZones).values([
    { tenantId, userId: company.worker.id, zoneId: centre.id },
    { tenantId, userId: colleague.id, zoneId: centre.id },
  ]);
  const [template] = await db.insert(workingHoursTemplates).values({ tenantId, name: 'Office hours' }).returning({ id: workingHoursTemplates.id });
  await db.insert(workingHoursTemplateDays).values(
    (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({
      tenantId,
      templateId: template.id,
      day,
      hours: day === 'sat' || day === 'sun' ? ' ' : '08:00|12:00,13:00|17:00',
    })),
  );
  for (const userId of [company.worker.id, colleague.id]) {
    await db.update(users).set({ workingHoursTemplateId: template.id }).where(eq(users.id, userId));
  }
  await db.insert(workerUnavailability).values({ tenantId, userId: company.worker.id, dateUnavailability: tuesday, hours: ' ' });
  const [slot] = await db
    .insert(timeSlots)
    .values({ tenantId, name: 'Morning', startTime: '08:00', endTime: '12:00' })
    .returning({ id: timeSlots.id });
  return {
    ...company,
    colleague,
    dispatcher,
    cookie: await signIn(dispatcher.username),
    types: { visit: visit.id, boiler: boiler.id },
    slot: { id: slot.id, name: 'Morning', start: '08:00', end: '12:00' },
  };
}
export type ScheduleCompany = Awaited<ReturnType<typeof scheduleCompany>>;

/** A task of the company, inside the zone, of type Visit unless told otherwise. */
export const taskOf = (company: ScheduleCompany, values: Partial<typeof tasks.$inferInsert> = {}) =>
  seedTask(company.tenantId, { typeId: company.types.visit, durationMins: 30, ...inside, ...values });

export const putSchedule = (company: ScheduleCompany, id: number, json: unknown) =>
  callJson<TaskView & ErrorBody>(scheduleHandler, { method: 'PUT', params: { id }, json, cookie: company.cookie });

export const deleteSchedule = (company: ScheduleCompany, id: number, json?: unknown) =>
  callJson<TaskView & ErrorBody>(unassignHandler, { method: 'DELETE', params: { id }, json, cookie: company.cookie });

export async function storedTask(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

/** A refused write leaves the task exactly as it was. */
export async function expectUnchanged(id: number, before: typeof tasks.$inferSelect) {
  const after = await storedTask(id);
  expect(after.updated.getTime()).toBe(before.updated.getTime());
  expect(after.assigneeId).toBe(before.assigneeId);
  expect(after.appointmentDate?.getTime()).toBe(before.appointmentDate?.getTime());
}

export interface RefusalBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

/** The refusal's code, message and details, after checking the status. */
export function refusal(result: { status: number; body: unknown }, status: number, code: string) {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  const { error } = result.body as RefusalBody;
  expect(error.code).toBe(code);
  return error;
}

export function saved(result: { status: number; body: TaskView & ErrorBody }): TaskView {
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}
