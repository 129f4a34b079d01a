import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  skills,
  taskTypeSkills,
  taskTypes,
  userSkills,
  userZones,
  users,
  zonePoints,
  zones,
} from '@/db/schema';
import { defaultTaskDurationMins } from '@/lib/contract/task-types';
import { Feature } from '@/lib/contract/features';
import type { AssignmentCheckQuery, AssignmentWarning } from '@/lib/contract/task-form';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import { availabilityOver } from '@/lib/server/scheduling/availability';
import { covers } from '@/lib/server/scheduling/availability/intervals';
import { isInsidePolygon, type LatLng } from './geometry';
import { formatHours, parseHours } from '@/lib/contract/working-hours';

type Worker = { id: number };

async function findWorker(ctx: Ctx, id: number): Promise<Worker> {
  const [worker] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, id), isNull(users.deleted)));
  if (!worker) throw notFound('workers.notFound', 'Worker not found.');
  return worker;
}

async function findTypeDuration(ctx: Ctx, id: number): Promise<number> {
  const [type] = await ctx.db
    .select({ durationMins: taskTypes.durationMins })
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, ctx.tenantId), eq(taskTypes.id, id)));
  if (!type) throw notFound('taskTypes.notFound', 'Task type not found.');
  return type.durationMins;
}

/** Feature 4: the skills the task type requires that the worker lacks (shared with PUT tasks/{id}/schedule). */
export async function skillsWarning(ctx: Ctx, workerId: number, typeId: number): Promise<AssignmentWarning | null> {
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
export async function zonesWarning(ctx: Ctx, workerId: number, point: LatLng): Promise<AssignmentWarning | null> {
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

/** Hours text as the warning lists them: '08:00|12:00,13:00|17:00' → ['08:00-12:00', '13:00-17:00']. */
function hoursList(hours: string | null): string[] {
  const ranges = hours === null ? [] : parseHours(hours);
  return ranges.length === 0 ? [] : formatHours(ranges).split(',').map((range) => range.replace('|', '-'));
}

/**
 * The whole task, start to end, must fit the worker's hours (availability service; other tasks are not this
 * warning's concern). A day whose own record has no hours makes the worker unavailable; anything else that does not
 * fit is outside the working hours of the first day it spills out of. No template and no record: no limit known.
 */
export async function workingHoursWarning(ctx: Ctx, workerId: number, start: Date, durationMins: number): Promise<AssignmentWarning | null> {
  const end = start.getTime() + durationMins * 60_000;
  const found = (await availabilityOver(ctx, [workerId], start, new Date(end))).get(workerId);
  if (!found || found.available) return null;
  const day =
    found.days.find((candidate) => !covers(candidate.free, Math.max(start.getTime(), candidate.dayStart), Math.min(end, candidate.dayEnd))) ??
    found.days[0];
  if (day.source === 'record' && hoursList(day.hours).length === 0) return { kind: 'unavailable', date: day.day };
  return { kind: 'outsideWorkingHours', date: day.day, hours: hoursList(day.hours) };
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
    warnings.push(await workingHoursWarning(ctx, worker.id, new Date(query.date), duration));
  }
  return { warnings: warnings.filter((warning) => warning !== null) };
}
