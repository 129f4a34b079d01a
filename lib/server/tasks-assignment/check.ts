import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  skills,
  taskTypeSkills,
  taskTypes,
  userSkills,
  userZones,
  users,
  workerUnavailability,
  workingHoursTemplateDays,
  workingHoursTemplates,
  zonePoints,
  zones,
} from '@/db/schema';
import { defaultTaskDurationMins } from '@/lib/contract/task-types';
import { Feature } from '@/lib/contract/features';
import type { AssignmentCheckQuery, AssignmentWarning } from '@/lib/contract/task-form';
import type { Ctx } from '@/lib/server/http/ctx';
import { notFound } from '@/lib/server/http/errors';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';
import { isInsidePolygon, type LatLng } from './geometry';
import { dayKeyOf, fitsWithin, parseHours } from '@/lib/contract/working-hours';

type Worker = { id: number; workingHoursTemplateId: number | null };

async function findWorker(ctx: Ctx, id: number): Promise<Worker> {
  const [worker] = await ctx.db
    .select({ id: users.id, workingHoursTemplateId: users.workingHoursTemplateId })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, id), isNull(users.deleted)));
  if (!worker) throw notFound('Worker not found.');
  return worker;
}

async function findTypeDuration(ctx: Ctx, id: number): Promise<number> {
  const [type] = await ctx.db
    .select({ durationMins: taskTypes.durationMins })
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, ctx.tenantId), eq(taskTypes.id, id)));
  if (!type) throw notFound('Task type not found.');
  return type.durationMins;
}

async function skillsWarning(ctx: Ctx, workerId: number, typeId: number): Promise<AssignmentWarning | null> {
  const live = and(eq(skills.tenantId, ctx.tenantId), isNull(skills.deleted));
  const required = await ctx.db
    .select({ name: skills.name })
    .from(taskTypeSkills)
    .innerJoin(skills, eq(skills.id, taskTypeSkills.skillId))
    .where(and(eq(taskTypeSkills.tenantId, ctx.tenantId), eq(taskTypeSkills.taskTypeId, typeId), live))
    .orderBy(asc(skills.name));
  if (required.length === 0) return null;
  const given = await ctx.db
    .select({ name: skills.name })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .where(and(eq(userSkills.tenantId, ctx.tenantId), eq(userSkills.userId, workerId), live))
    .orderBy(asc(skills.name));
  const givenNames = given.map((skill) => skill.name);
  const missing = required.map((skill) => skill.name).filter((name) => !givenNames.includes(name));
  if (missing.length === 0) return null;
  return { kind: 'skills', required: required.map((skill) => skill.name), given: givenNames, missing };
}

/** A worker without zones works anywhere; one with zones should stay inside at least one of them. */
async function zonesWarning(ctx: Ctx, workerId: number, point: LatLng): Promise<AssignmentWarning | null> {
  const workerZones = await ctx.db
    .select({ id: zones.id, name: zones.name })
    .from(userZones)
    .innerJoin(zones, eq(zones.id, userZones.zoneId))
    .where(and(eq(userZones.tenantId, ctx.tenantId), eq(userZones.userId, workerId), eq(zones.tenantId, ctx.tenantId), isNull(zones.deleted)))
    .orderBy(asc(zones.name));
  if (workerZones.length === 0) return null;
  const points = await ctx.db
    .select({ zoneId: zonePoints.zoneId, lat: zonePoints.lat, lng: zonePoints.lng })
    .from(zonePoints)
    .where(and(eq(zonePoints.tenantId, ctx.tenantId), inArray(zonePoints.zoneId, workerZones.map((zone) => zone.id))))
    .orderBy(asc(zonePoints.zoneId), asc(zonePoints.pointOrder));
  const inside = workerZones.some((zone) =>
    isInsidePolygon(point, points.filter((vertex) => vertex.zoneId === zone.id)),
  );
  return inside ? null : { kind: 'zones', zones: workerZones.map((zone) => zone.name) };
}

/** The day's own record replaces the template's hours for that weekday; neither means no limit is known. */
async function hoursOfDay(ctx: Ctx, worker: Worker, date: string): Promise<{ hours: string; fromRecord: boolean } | null> {
  const [record] = await ctx.db
    .select({ hours: workerUnavailability.hours })
    .from(workerUnavailability)
    .where(
      and(
        eq(workerUnavailability.tenantId, ctx.tenantId),
        eq(workerUnavailability.userId, worker.id),
        eq(workerUnavailability.dateUnavailability, date),
        isNull(workerUnavailability.deleted),
      ),
    );
  if (record) return { hours: record.hours, fromRecord: true };
  if (worker.workingHoursTemplateId === null) return null;
  const [day] = await ctx.db
    .select({ hours: workingHoursTemplateDays.hours })
    .from(workingHoursTemplateDays)
    .innerJoin(workingHoursTemplates, eq(workingHoursTemplates.id, workingHoursTemplateDays.templateId))
    .where(
      and(
        eq(workingHoursTemplateDays.tenantId, ctx.tenantId),
        eq(workingHoursTemplateDays.templateId, worker.workingHoursTemplateId),
        eq(workingHoursTemplateDays.day, dayKeyOf(date)),
        isNull(workingHoursTemplates.deleted),
      ),
    );
  return day ? { hours: day.hours, fromRecord: false } : null;
}

async function workingHoursWarning(ctx: Ctx, worker: Worker, start: Date, durationMins: number): Promise<AssignmentWarning | null> {
  const local = zonedDateAndTime(start, ctx.tenantTimeZone);
  const day = await hoursOfDay(ctx, worker, local.date);
  if (!day) return null;
  const ranges = parseHours(day.hours);
  if (ranges.length === 0) {
    return day.fromRecord ? { kind: 'unavailable', date: local.date } : { kind: 'outsideWorkingHours', date: local.date, hours: [] };
  }
  const [hour, minute] = local.time.split(':').map(Number);
  if (fitsWithin(ranges, hour * 60 + minute, durationMins)) return null;
  return { kind: 'outsideWorkingHours', date: local.date, hours: day.hours.split(',').map((range) => range.trim().replace('|', '-')) };
}

/**
 * GET tasks/assignment-check: why the chosen worker may not suit the task. Each check runs only with its tenant
 * feature on (4 skills, 1 zones, 2 working hours) and only when the form already knows what it needs.
 */
export async function checkAssignment(ctx: Ctx, query: AssignmentCheckQuery): Promise<{ warnings: AssignmentWarning[] }> {
  const worker = await findWorker(ctx, query.assigneeId);
  const typeDuration = query.typeId === undefined ? undefined : await findTypeDuration(ctx, query.typeId);
  const warnings: (AssignmentWarning | null)[] = [];
  if (query.typeId !== undefined && ctx.features.includes(Feature.skills)) {
    warnings.push(await skillsWarning(ctx, worker.id, query.typeId));
  }
  if (query.latitude !== undefined && query.longitude !== undefined && ctx.features.includes(Feature.zones)) {
    warnings.push(await zonesWarning(ctx, worker.id, { lat: query.latitude, lng: query.longitude }));
  }
  if (query.date !== undefined && ctx.features.includes(Feature.workingHours)) {
    const duration = query.durationMins ?? typeDuration ?? defaultTaskDurationMins;
    warnings.push(await workingHoursWarning(ctx, worker, new Date(query.date), duration));
  }
  return { warnings: warnings.filter((warning) => warning !== null) };
}
