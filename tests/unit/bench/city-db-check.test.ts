import { describe, expect, it } from 'vitest';
import {
  checkAppliedDay,
  checkRestored,
  parseHoursText,
  type CheckTask,
  type CheckWorker,
  type DayState,
  type LatLng,
} from '../../../bench/lib/city-db-check';

/**
 * The city bench's independent check, proven on a hand-made day: a valid schedule passes, and each kind of wrong
 * placement (overlap, out of hours, travel, slot, skills, zones, limit, moved bookings) is caught.
 */
const midnight = 1_800_000_000;
const at = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return midnight + (hours * 60 + minutes) * 60;
};
/** About 1 km north per step: 90 s of travel at 40 km/h. */
const home: LatLng = { lat: 45, lng: 4.8 };
const north = (km: number): LatLng => ({ lat: home.lat + km / 111.2, lng: home.lng });
const speedKmh = 40;

function worker(id: number, overrides: Partial<CheckWorker>): CheckWorker {
  return { id, label: `worker ${id}`, active: true, assignee: true, deleted: false, hours: '08:00|12:00,13:00|17:00', skillIds: [], zones: [], start: home, maxTasksPerDay: null, ...overrides };
}

function task(id: number, overrides: Partial<CheckTask>): CheckTask {
  return { id, referenceNumber: id, assigneeId: null, start: null, localDay: null, durationMins: 30, slotId: null, location: north(1), typeId: 1, statusId: 1, cancelled: false, deleted: false, ...overrides };
}

const zone: LatLng[] = [
  { lat: 44.95, lng: 4.75 },
  { lat: 44.95, lng: 4.85 },
  { lat: 45.05, lng: 4.85 },
  { lat: 45.05, lng: 4.75 },
];

function before(): DayState {
  const tasks = [
    task(1, { assigneeId: 10, start: at('09:00'), localDay: '2026-06-10', durationMins: 60, location: home }),
    task(2, {}),
    task(3, { location: north(5) }),
    task(4, {}),
    task(5, {}),
    task(7, { start: at('14:00'), localDay: '2026-06-10' }),
    task(8, { slotId: 1 }),
    task(9, { typeId: 2 }),
    task(10, { location: north(33) }),
    task(11, { cancelled: true, statusId: 5 }),
  ];
  return {
    day: '2026-06-10',
    features: [1, 2, 3, 4],
    minuteInstants: Array.from({ length: 1441 }, (_, minute) => midnight + minute * 60),
    slots: new Map([[1, { startMins: 600, endMins: 720 }]]),
    typeSkills: new Map([[2, [7]]]),
    workers: new Map([
      [10, worker(10, { skillIds: [7], zones: [zone], maxTasksPerDay: 4 })],
      [11, worker(11, { hours: ' ' })],
      [12, worker(12, { active: false })],
      [13, worker(13, { hours: '08:00|17:00', start: null })],
    ]),
    tasks: new Map(tasks.map((entry) => [entry.id, entry])),
  };
}

type Placement = [taskId: number, workerId: number, clock: string];

function placed(placements: Placement[], state = before()): DayState {
  const tasks = new Map(state.tasks);
  for (const [id, workerId, clock] of placements) {
    const was = tasks.get(id);
    if (!was) throw new Error(`no task ${id}`);
    tasks.set(id, { ...was, assigneeId: workerId, start: at(clock), localDay: state.day });
  }
  return { ...state, tasks };
}

/** Task 2 before the booking, task 8 in its slot, task 7 at its own time: all reachable and inside the shifts. */
const valid: Placement[] = [
  [2, 10, '08:05'],
  [8, 10, '10:30'],
  [7, 10, '14:00'],
];

function errorsOf(placements: Placement[]): string[] {
  return checkAppliedDay(before(), placed(placements), speedKmh).errors;
}

describe('city bench database check', () => {
  it('passes a valid schedule and recomputes its travel', () => {
    const report = checkAppliedDay(before(), placed(valid), speedKmh);
    expect(report.errors).toEqual([]);
    expect(report.placedIds.sort()).toEqual([2, 7, 8]);
    // home → task 2 (1 km) → booking at home (1 km) → task 8 (1 km) → task 7 (0) → home (1 km): 4 km at 40 km/h.
    expect(report.travelSeconds).toBeCloseTo(360, 0);
    expect(report.perWorker.get(10)).toEqual({ placed: 3, travelSeconds: report.travelSeconds });
  });

  it('catches two tasks of one worker that overlap', () => {
    expect(errorsOf([[2, 10, '09:30']])).toContainEqual(expect.stringMatching(/task #1 and task #2 overlap/));
  });

  it('catches a task in the lunch break of a split shift', () => {
    expect(errorsOf([[2, 10, '12:15']])).toContainEqual(expect.stringMatching(/task #2 12:15-12:45 is outside the working hours/));
  });

  it('catches a task placed on a worker whose record for the day gives no hours', () => {
    expect(errorsOf([[2, 11, '10:00']])).toContainEqual(expect.stringMatching(/outside the working hours of worker 11/));
  });

  it('catches a task that cannot be reached in time after the previous one', () => {
    // 5 km from the booking that ends at 10:00: 7.5 minutes of travel, 2 given.
    expect(errorsOf([[3, 10, '10:02']])).toContainEqual(expect.stringMatching(/task #3 at 10:02 cannot be reached after task #1/));
  });

  it('catches a first task that cannot be reached from the start location when the shift opens', () => {
    expect(errorsOf([[3, 10, '08:00']])).toContainEqual(expect.stringMatching(/task #3 at 08:00 cannot be reached from the start location/));
  });

  it('catches a last task that leaves no time to travel back before the shift ends', () => {
    expect(errorsOf([[3, 10, '16:30']])).toContainEqual(expect.stringMatching(/back at the start location at 17:07\+30s, after the last shift ends at 17:00/));
  });

  it('catches a task outside its time slot', () => {
    expect(errorsOf([[8, 10, '13:30']])).toEqual([expect.stringMatching(/task #8 13:30-14:00 is outside its slot/)]);
  });

  it("catches a worker without the type's skills", () => {
    expect(errorsOf([[9, 13, '11:00']])).toEqual([expect.stringMatching(/task #9 given to worker 13, who lacks skill\(s\) 7/)]);
    expect(errorsOf([[9, 10, '11:00']])).toEqual([]);
  });

  it("catches a location outside every zone of a worker who has zones, and lets a worker without zones go anywhere", () => {
    expect(errorsOf([[10, 10, '13:00']])).toContainEqual(expect.stringMatching(/task #10 given to worker 10, outside every zone/));
    expect(errorsOf([[10, 13, '13:00']]).filter((error) => /zone/.test(error))).toEqual([]);
  });

  it('catches more tasks than the worker takes a day, bookings included', () => {
    const placements: Placement[] = [
      [2, 10, '08:05'],
      [4, 10, '10:05'],
      [5, 10, '10:40'],
      [8, 10, '11:15'],
    ];
    expect(errorsOf(placements)).toEqual([expect.stringMatching(/worker 10: 5 tasks over the limit of 4 a day/)]);
  });

  it('catches an inactive worker', () => {
    expect(errorsOf([[2, 12, '10:00']])).toContainEqual(expect.stringMatching(/given to worker 12, who is not an active assignee/));
  });

  it('catches a booking or a closed task the run moved, and a dated task placed at another time', () => {
    expect(errorsOf([[1, 10, '09:30']])).toContainEqual(expect.stringMatching(/task #1 changed, though it was not the run's to place/));
    expect(errorsOf([[11, 13, '10:00']])).toContainEqual(expect.stringMatching(/task #11 changed, though it was not the run's to place/));
    expect(errorsOf([[7, 10, '14:30']])).toContainEqual(expect.stringMatching(/task #7 was dated 14:00 and moved to 14:30/));
  });

  it('checks that an undo put every task back', () => {
    expect(checkRestored(before(), before())).toEqual([]);
    expect(checkRestored(before(), placed(valid))).toHaveLength(3);
  });

  it('reads split-shift hours text and refuses what it cannot read', () => {
    expect(parseHoursText('08:00|12:00,13:30|17:00')).toEqual([
      { start: 480, end: 720 },
      { start: 810, end: 1020 },
    ]);
    expect(parseHoursText(' ')).toEqual([]);
    expect(() => parseHoursText('8-12')).toThrow(/unreadable hours/);
  });
});
