import { describe, expect, it } from 'vitest';
import { boundsWithOffset, routeBoundsOffsetDegrees, routePoints, routeStops } from '@/lib/client/route-map/bounds';
import { tasksWithoutLocation } from '@/lib/client/route-map/without-location';
import type { BoardTask } from '@/lib/contract/schedule-board';
import type { RouteLeg, RouteStop } from '@/lib/contract/task-direction';

const stop = (id: number, longitude: number, latitude: number): RouteStop => ({
  id,
  referenceNumber: id,
  title: `Task ${id}`,
  location: { longitude, latitude, address: null },
  appointment: { date: '2030-03-04T08:00:00.000Z' },
});

describe('boundsWithOffset', () => {
  it('widens the box around the points by 0.07° on every side', () => {
    expect(routeBoundsOffsetDegrees).toBe(0.07);
    const box = boundsWithOffset([
      [9.19, 45.46],
      [9.23, 45.49],
      [9.18, 45.44],
    ]);
    expect(box?.[0][0]).toBeCloseTo(9.11, 10);
    expect(box?.[0][1]).toBeCloseTo(45.37, 10);
    expect(box?.[1][0]).toBeCloseTo(9.3, 10);
    expect(box?.[1][1]).toBeCloseTo(45.56, 10);
  });

  it('gives one point a box of twice the offset, takes another offset, and has no box without points', () => {
    expect(boundsWithOffset([[2, 48]])).toEqual([
      [2 - 0.07, 48 - 0.07],
      [2 + 0.07, 48 + 0.07],
    ]);
    expect(boundsWithOffset([[2, 48]], 1)).toEqual([
      [1, 47],
      [3, 49],
    ]);
    expect(boundsWithOffset([])).toBeNull();
  });

  it('stays inside the world MapLibre can fit', () => {
    expect(boundsWithOffset([
      [179.99, 85.04],
      [-179.99, -85.04],
    ])).toEqual([
      [-180, -85.051129],
      [180, 85.051129],
    ]);
  });
});

describe('route stops and points', () => {
  const a = stop(1, 9.19, 45.46);
  const b = stop(2, 9.2, 45.49);
  const c = stop(3, 9.23, 45.47);
  const legs: RouteLeg[] = [
    { geometry: { coordinates: [[9.19, 45.46], [9.25, 45.5], [9.2, 45.49]] }, taskFrom: a, taskTo: b },
    { geometry: { coordinates: [[9.2, 45.49], [9.23, 45.47]] }, taskFrom: b, taskTo: c },
  ];

  it('numbers each stop once, in route order', () => {
    expect(routeStops(legs).map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(routeStops([])).toEqual([]);
  });

  it('fits the lines as well as the markers', () => {
    const box = boundsWithOffset(routePoints(legs));
    expect(box?.[1][0]).toBeCloseTo(9.25 + 0.07, 10);
    expect(box?.[1][1]).toBeCloseTo(45.5 + 0.07, 10);
  });
});

describe('tasksWithoutLocation', () => {
  const task = (id: number, overrides: Partial<BoardTask>): BoardTask => ({
    id,
    referenceNumber: id,
    title: `Task ${id}`,
    statusId: 1,
    typeId: 1,
    typeName: 'Visit',
    assigneeId: 7,
    start: '2030-03-04T10:00:00.000Z',
    durationMins: 60,
    timeSlotId: null,
    hasLocation: false,
    cancelled: false,
    updated: '2030-03-01T10:00:00.000Z',
    ...overrides,
  });
  const from = new Date('2030-03-04T00:00:00.000Z');
  const to = new Date('2030-03-05T00:00:00.000Z');

  it("keeps the worker's located-less, live tasks starting in [from, to), by start", () => {
    const events = [
      task(1, { start: '2030-03-04T15:00:00.000Z' }),
      task(2, { start: '2030-03-04T00:00:00.000Z' }),
      task(3, { hasLocation: true }),
      task(4, { assigneeId: 8 }),
      task(5, { cancelled: true, statusId: 5 }),
      task(6, { start: '2030-03-05T00:00:00.000Z' }),
      task(7, { start: '2030-03-03T23:59:59.000Z' }),
    ];
    expect(tasksWithoutLocation(events, 7, from, to).map((entry) => entry.id)).toEqual([2, 1]);
  });
});
