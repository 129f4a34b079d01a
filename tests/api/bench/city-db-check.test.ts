import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAppliedDay, haversineMetres, parseHoursText, tasksToPlace, type CheckTask, type DayState } from '../../../bench/lib/city-db-check';
import { readDayState } from '../../../bench/lib/city-db-check-read';
import { seedCity, type SeededCity } from '../../../bench/lib/city-seed';
import { getDb } from '@/lib/server/core/db';

/**
 * The city bench's check read from PostgreSQL: the seeded city reads back as seeded (hours from records and
 * templates, start locations, zones, the 300 tasks to place), and wrong placements written straight into the
 * tasks table (over a booking, in a lunch break, out of reach) are caught. The reader speaks plain SQL through pg.
 */
const day = '2030-06-12';
const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

describe.runIf(postgres)('city bench check on the database', () => {
  let client: pg.Client;
  let city: SeededCity;
  let before: DayState;

  beforeAll(async () => {
    city = await seedCity(await getDb(), day);
    client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    before = await readDayState(client, city.tenantId, day);
  });

  afterAll(async () => {
    await client?.end();
  });

  it('reads the seeded day back as seeded', () => {
    expect(before.features.sort()).toEqual([1, 2, 3, 4]);
    // Paris is two hours ahead of UTC in June: local midnight is 22:00 the day before.
    expect(before.minuteInstants[0]).toBe(Date.parse('2030-06-11T22:00:00Z') / 1000);
    expect(tasksToPlace(before).map((task) => task.id).sort((a, b) => a - b)).toEqual([...city.toPlaceIds].sort((a, b) => a - b));
    city.plan.workers.forEach((planned, index) => {
      const read = before.workers.get(city.workerIds[index]);
      expect(read?.hours).toBe(planned.recordHours ?? city.plan.templates[planned.template]);
      expect(read?.zones).toHaveLength(planned.zones.length);
      expect(read?.start).toEqual(planned.start ? { lat: planned.start.latitude, lng: planned.start.longitude } : { lat: city.plan.office.latitude, lng: city.plan.office.longitude });
      expect(read?.maxTasksPerDay).toBe(planned.maxTasksPerDay);
    });
    expect(checkAppliedDay(before, before, 40)).toMatchObject({ errors: [], placedIds: [] });
  });

  it('catches placements written over a booking, in a lunch break and out of reach', async () => {
    const bookings = [...before.tasks.values()].filter((task) => task.assigneeId !== null && !task.cancelled && task.start !== null);
    const booking = bookings.find((task) => parseHoursText(before.workers.get(task.assigneeId ?? 0)?.hours ?? ' ').length === 2);
    if (!booking?.location || booking.start === null || booking.assigneeId === null) throw new Error('the city has a booking on a split shift');
    const workerId = booking.assigneeId;
    const lunch = parseHoursText(before.workers.get(workerId)?.hours ?? ' ')[0].end;
    const open = tasksToPlace(before).filter((task) => task.start === null && task.slotId === null && task.typeId === booking.typeId);
    const far = open.find((task): task is CheckTask & { location: NonNullable<CheckTask['location']> } => task.location !== null && haversineMetres(task.location, booking.location ?? task.location) > 5000);
    const [overlapping, inLunch] = open.filter((task) => task !== far);
    if (!far) throw new Error('the city has an open task 5 km from the booking');
    const bookingEnd = booking.start + booking.durationMins * 60;
    await client.query(`update tasks set assignee_id = $1, appointment_date = to_timestamp($2) where id = $3`, [workerId, booking.start, overlapping.id]);
    await client.query(`update tasks set assignee_id = $1, appointment_date = ($2::date + make_interval(mins => $3)) at time zone 'Europe/Paris' where id = $4`, [
      workerId,
      day,
      lunch,
      inLunch.id,
    ]);
    await client.query(`update tasks set assignee_id = $1, appointment_date = to_timestamp($2) where id = $3`, [workerId, bookingEnd, far.id]);

    const report = checkAppliedDay(before, await readDayState(client, city.tenantId, day), 40);
    expect(report.placedIds.sort((a, b) => a - b)).toEqual([overlapping.id, inLunch.id, far.id].sort((a, b) => a - b));
    const ref = (task: CheckTask) => `task #${task.referenceNumber}`;
    const overlapOf = (a: CheckTask, b: CheckTask) => new RegExp(`${ref(a)} and ${ref(b)} overlap|${ref(b)} and ${ref(a)} overlap`);
    expect(report.errors).toContainEqual(expect.stringMatching(overlapOf(booking, overlapping)));
    expect(report.errors).toContainEqual(expect.stringMatching(new RegExp(`${ref(inLunch)} \\d\\d:\\d\\d-\\d\\d:\\d\\d is outside the working hours`)));
    expect(report.errors).toContainEqual(expect.stringMatching(new RegExp(`${ref(far)} at \\d\\d:\\d\\d cannot be reached after`)));
  });
});
