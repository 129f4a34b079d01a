import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  skills,
  taskTypeSkills,
  taskTypes,
  tasks,
  timeSlots,
  userSkills,
  userZones,
  users,
  workingHoursTemplateDays,
  workingHoursTemplates,
  zonePoints,
  zones,
} from '@/db/schema';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';
import { getDb } from '@/lib/server/core/db';
import { haversineMetres } from '@/lib/server/integrations/router';
import { allocateReferenceNumbers } from '@/lib/server/tasks/reference-counter';
import { clock, ok, putApply } from './auto-schedule-fixtures';
import { createUser } from './setup/fixtures';
import { allFeatures, at, monday, scheduleCompany } from './tasks/schedule-fixtures';

/** A small deterministic generator, so the city is the same on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
  return { next, int: (bound: number) => Math.floor(next() * bound) };
}

const centre = { lat: 45.4642, lng: 9.19 };
const hours = ['08:00|12:00,13:00|17:00', '07:00|11:00,12:00|16:00', '09:00|13:00,14:00|18:00'];
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The product case in the database: 30 workers on three split-shift templates, with skills, zones (the four quadrants
 * around the centre) and a tasks-per-day limit, a third of them with a booking; 300 tasks spread over the city, some
 * in a two-hour slot, some already dated that day without a worker. Answers what the check needs.
 */
async function seedCity() {
  const random = generator(2026);
  const db = await getDb();
  const c = await scheduleCompany(allFeatures);
  const { tenantId } = c;
  // The fixture's own two workers stay out of the way: this city has its own.
  await db.update(users).set({ active: false }).where(and(eq(users.tenantId, tenantId), eq(users.assignee, true)));
  const skillRows = await db
    .insert(skills)
    .values(['electrical', 'plumbing-city', 'gas-city', 'hvac', 'locks'].map((name) => ({ tenantId, name, icon: 'wrench' })))
    .returning({ id: skills.id });
  const typeRows = await db
    .insert(taskTypes)
    .values(skillRows.map((_, index) => ({ tenantId, name: `Type ${index}`, durationMins: 30 })).concat([{ tenantId, name: 'Any', durationMins: 30 }]))
    .returning({ id: taskTypes.id });
  await db.insert(taskTypeSkills).values(skillRows.map((skill, index) => ({ tenantId, taskTypeId: typeRows[index].id, skillId: skill.id })));
  const templates = await db
    .insert(workingHoursTemplates)
    .values(hours.map((_, index) => ({ tenantId, name: `Shift ${index}` })))
    .returning({ id: workingHoursTemplates.id });
  await db.insert(workingHoursTemplateDays).values(
    templates.flatMap((template, index) =>
      (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ tenantId, templateId: template.id, day, hours: hours[index] })),
    ),
  );
  const quadrants = [
    [centre.lat, centre.lng - 0.3, centre.lat + 0.3, centre.lng],
    [centre.lat, centre.lng, centre.lat + 0.3, centre.lng + 0.3],
    [centre.lat - 0.3, centre.lng - 0.3, centre.lat, centre.lng],
    [centre.lat - 0.3, centre.lng, centre.lat, centre.lng + 0.3],
  ];
  const zoneRows = await db
    .insert(zones)
    .values(quadrants.map((_, index) => ({ tenantId, name: `Quadrant ${index}` })))
    .returning({ id: zones.id });
  await db.insert(zonePoints).values(
    quadrants.flatMap(([south, west, north, east], index) =>
      [
        [south, west],
        [south, east],
        [north, east],
        [north, west],
      ].map(([lat, lng], pointOrder) => ({ tenantId, zoneId: zoneRows[index].id, lat, lng, pointOrder })),
    ),
  );
  const point = (spreadKm: number) => {
    const angle = random.next() * 2 * Math.PI;
    const radius = spreadKm * Math.sqrt(random.next());
    return { lat: centre.lat + (radius / 111.2) * Math.sin(angle), lng: centre.lng + (radius / 78) * Math.cos(angle) };
  };
  const shiftsOf = new Map<number, string[]>();
  const workerIds: number[] = [];
  for (let index = 0; index < 30; index++) {
    const worker = await createUser(tenantId, { assignee: true });
    const template = random.int(3);
    const home = point(12);
    await db
      .update(users)
      .set({ workingHoursTemplateId: templates[template].id, startLatitude: home.lat, startLongitude: home.lng, startAddress: 'Home', maxTasksPerDay: 14 })
      .where(eq(users.id, worker.id));
    shiftsOf.set(worker.id, hours[template].split(',').map((range) => range.replace('|', '-')));
    const own = skillRows.filter(() => random.next() < 0.45);
    if (own.length === 0) own.push(skillRows[random.int(skillRows.length)]);
    await db.insert(userSkills).values(own.map((skill) => ({ tenantId, userId: worker.id, skillId: skill.id })));
    const zoneSet = new Set([random.int(4)]);
    if (random.next() < 0.6) zoneSet.add(random.int(4));
    if (random.next() < 0.2) zoneSet.clear();
    if (zoneSet.size > 0) await db.insert(userZones).values([...zoneSet].map((zone) => ({ tenantId, userId: worker.id, zoneId: zoneRows[zone].id })));
    workerIds.push(worker.id);
  }
  const slotRows = await db
    .insert(timeSlots)
    .values([8, 10, 12, 14, 16].map((hour) => ({ tenantId, name: `${hour}-${hour + 2}`, startTime: `${hour}:00`, endTime: `${hour + 2}:00` })))
    .returning({ id: timeSlots.id });

  const rows: (typeof tasks.$inferInsert)[] = [];
  for (let index = 0; index < 300; index++) {
    const where = point(random.next() < 0.6 ? 5 : 15);
    const draw = random.next();
    rows.push({
      tenantId,
      referenceNumber: 0,
      title: `City task ${index}`,
      typeId: typeRows[random.next() < 0.7 ? random.int(skillRows.length) : skillRows.length].id,
      durationMins: 20 + 10 * random.int(5),
      locationLatitude: where.lat,
      locationLongitude: where.lng,
      timeSlotId: draw < 0.45 ? slotRows[random.int(slotRows.length)].id : null,
      appointmentDate: draw > 0.9 ? new Date(at(monday, `${String(9 + random.int(7)).padStart(2, '0')}:${random.next() < 0.5 ? '00' : '30'}`)) : null,
    });
  }
  for (const workerId of workerIds.filter(() => random.next() < 0.3)) {
    const first = minutes(shiftsOf.get(workerId)?.[0] ?? '08:00') + 60;
    const where = point(10);
    rows.push({
      tenantId,
      referenceNumber: 0,
      title: 'Booked',
      typeId: typeRows[skillRows.length].id,
      durationMins: 60,
      assigneeId: workerId,
      appointmentDate: new Date(at(monday, `${String(Math.floor(first / 60)).padStart(2, '0')}:00`)),
      locationLatitude: where.lat,
      locationLongitude: where.lng,
    });
  }
  const firstReference = await allocateReferenceNumbers(db, tenantId, rows.length);
  await db.insert(tasks).values(rows.map((row, index) => ({ ...row, referenceNumber: firstReference + index })));
  return { company: c, shiftsOf };
}

describe('PUT tasks/auto-schedule at the product scale', () => {
  it('plans 300 tasks on 30 workers with the product budget, every placement inside its rules', async () => {
    const { company, shiftsOf } = await seedCity();
    // The product's own time budget (min(3000, 300 + 8 × tasks) ms), not the tests' short one.
    const saved = process.env.AUTO_SCHEDULE_TIME_LIMIT_MS;
    delete process.env.AUTO_SCHEDULE_TIME_LIMIT_MS;
    // How long it takes is bench/auto-schedule-apply.ts's figure: a timed assertion here would flake on a busy machine.
    const result = ok(await putApply(company.cookie, monday));
    process.env.AUTO_SCHEDULE_TIME_LIMIT_MS = saved;
    expect(result.placedCount + result.notPlaced.length).toBe(300);
    expect(result.placedCount).toBeGreaterThan(200);

    const db = await getDb();
    const planned = await db
      .select({
        id: tasks.id,
        assigneeId: tasks.assigneeId,
        start: tasks.appointmentDate,
        durationMins: tasks.durationMins,
        lat: tasks.locationLatitude,
        lng: tasks.locationLongitude,
        slotStart: timeSlots.startTime,
        slotEnd: timeSlots.endTime,
      })
      .from(tasks)
      .leftJoin(timeSlots, eq(timeSlots.id, tasks.timeSlotId))
      .where(and(eq(tasks.tenantId, company.tenantId), isNotNull(tasks.assigneeId), isNotNull(tasks.appointmentDate)));
    const byWorker = new Map<number, typeof planned>();
    for (const row of planned) byWorker.set(row.assigneeId as number, [...(byWorker.get(row.assigneeId as number) ?? []), row]);
    for (const [workerId, list] of byWorker) {
      const shifts = shiftsOf.get(workerId) ?? [];
      expect(list.length, `worker ${workerId} within the tasks-per-day limit`).toBeLessThanOrEqual(14);
      const visits = list
        .map((row) => {
          const start = row.start as Date;
          expect(zonedDateAndTime(start, 'Europe/Rome').date).toBe(monday);
          const from = minutes(clock(start));
          return { ...row, from, to: from + row.durationMins };
        })
        .sort((a, b) => a.from - b.from);
      for (const [index, visit] of visits.entries()) {
        const inShift = shifts.some((shift) => minutes(shift.slice(0, 5)) <= visit.from && visit.to <= minutes(shift.slice(6, 11)));
        expect(inShift, `task ${visit.id} inside a shift of worker ${workerId}`).toBe(true);
        if (visit.slotStart && visit.slotEnd) {
          expect(visit.from).toBeGreaterThanOrEqual(minutes(visit.slotStart));
          expect(visit.to).toBeLessThanOrEqual(minutes(visit.slotEnd));
        }
        const previous = visits[index - 1];
        if (!previous) continue;
        // Straight lines at 40 km/h between consecutive tasks.
        const travel = haversineMetres(
          { latitude: previous.lat as number, longitude: previous.lng as number },
          { latitude: visit.lat as number, longitude: visit.lng as number },
        ) / (40_000 / 60);
        expect(visit.from - previous.to, `travel from task ${previous.id} to task ${visit.id}`).toBeGreaterThanOrEqual(travel - 1e-6);
      }
    }
  }, 120_000);
});
