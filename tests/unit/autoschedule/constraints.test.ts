import { describe, expect, it } from 'vitest';
import { solve } from '@/lib/server/auto-schedule/engine';
import { checkSolution } from '../../../bench/lib/schedule-check';
import { depotWorker, planeInput, type Point } from './fixtures';

const line: Point[] = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 0 }, { x: 30, y: 0 }, { x: 40, y: 0 }];

describe('unassigned jobs carry the reason', () => {
  it('says no worker has the skills', () => {
    const input = planeInput(line, [{ id: 'a', duration: 5, skills: ['gas'] }], [depotWorker('w', undefined, { skills: ['electric'] })]);
    const result = solve(input);
    expect(result.unassigned).toEqual([{ jobId: 'a', reason: 'NO_WORKER_WITH_SKILLS' }]);
  });

  it('says the job is outside every allowed worker', () => {
    const input = planeInput(line, [{ id: 'a', duration: 5, skills: ['gas'], allowedWorkers: ['plain'] }], [
      depotWorker('skilled', undefined, { skills: ['gas'] }),
      depotWorker('plain'),
    ]);
    expect(solve(input).unassigned).toEqual([{ jobId: 'a', reason: 'OUTSIDE_ALLOWED_WORKERS' }]);
  });

  it('says there is no free time in its window', () => {
    const input = planeInput(line, [
      { id: 'before-shift', duration: 5, timeWindows: [{ start: 0, end: 50 }] },
      { id: 'too-far-to-reach', duration: 5, timeWindows: [{ start: 100, end: 105 }] },
      { id: 'busy-with-fixed', duration: 30, timeWindows: [{ start: 190, end: 200 }] },
    ], [depotWorker('w', [{ start: 100, end: 300 }], { fixedJobs: [{ id: 'booked', location: 4, start: 180, duration: 60 }] })]);
    const result = solve(input);
    const reasons = Object.fromEntries(result.unassigned.map((entry) => [entry.jobId, entry.reason]));
    expect(reasons).toEqual({ 'before-shift': 'NO_FREE_TIME_IN_WINDOW', 'too-far-to-reach': 'NO_FREE_TIME_IN_WINDOW', 'busy-with-fixed': 'NO_FREE_TIME_IN_WINDOW' });
    expect(checkSolution(input, result)).toEqual([]);
  });

  it('says there is no room left when others took the time or the capacity', () => {
    const input = planeInput(line, [
      { id: 'a', duration: 50, timeWindows: [{ start: 10, end: 20 }] },
      { id: 'b', duration: 50, timeWindows: [{ start: 10, end: 20 }] },
      { id: 'heavy', duration: 1, demand: [20] },
    ], [depotWorker('w', [{ start: 0, end: 200 }], { capacity: [10] })]);
    const result = solve(input);
    expect(result.servedCount).toBe(1);
    expect(result.unassigned).toHaveLength(2);
    for (const entry of result.unassigned) expect(entry.reason).toBe('NO_ROOM_LEFT');
    expect(checkSolution(input, result)).toEqual([]);
  });
});

describe('hard constraints', () => {
  it('uses both parts of a split shift and serves nothing in the break', () => {
    const jobs = [1, 2, 3, 4].map((index) => ({ id: `j${index}`, duration: 40 }));
    const input = planeInput(line, jobs, [depotWorker('w', [{ start: 0, end: 100 }, { start: 200, end: 350 }])]);
    const result = solve(input);
    expect(checkSolution(input, result)).toEqual([]);
    expect(result.servedCount).toBe(4);
    const starts = result.routes[0].visits.map((visit) => visit.start);
    expect(starts.some((start) => start >= 200)).toBe(true);
    for (const visit of result.routes[0].visits) expect(visit.end <= 100 || visit.start >= 200).toBe(true);
  });

  it('keeps fixed jobs on their worker at their time and fits new jobs around them', () => {
    const input = planeInput(line, [
      { id: 'near', duration: 10 },
      { id: 'far', duration: 10 },
    ], [
      depotWorker('busy', [{ start: 0, end: 200 }], { fixedJobs: [{ id: 'booked', location: 2, start: 50, duration: 40 }] }),
      depotWorker('idle', [{ start: 0, end: 200 }]),
    ]);
    const result = solve(input);
    expect(checkSolution(input, result)).toEqual([]);
    const busy = result.routes.find((route) => route.workerId === 'busy');
    const booked = busy?.visits.find((visit) => visit.jobId === 'booked');
    expect(booked).toMatchObject({ fixed: true, start: 50, end: 90 });
    expect(result.servedCount).toBe(2);
  });

  it('gives jobs only to workers with the skills and inside the allowed list', () => {
    const input = planeInput(line, [
      { id: 'gas', duration: 5, skills: ['gas'] },
      { id: 'zone-b', duration: 5, allowedWorkers: ['b'] },
      { id: 'anyone', duration: 5 },
    ], [depotWorker('a', undefined, { skills: ['gas'] }), depotWorker('b')]);
    const result = solve(input);
    expect(checkSolution(input, result)).toEqual([]);
    const owner = (jobId: string): string | undefined => result.routes.find((route) => route.visits.some((visit) => visit.jobId === jobId))?.workerId;
    expect(owner('gas')).toBe('a');
    expect(owner('zone-b')).toBe('b');
    expect(result.unassigned).toEqual([]);
  });

  it('respects capacity in every dimension', () => {
    const jobs = [1, 2, 3, 4].map((index) => ({ id: `j${index}`, duration: 1, demand: [3, index % 2] }));
    const input = planeInput(line, jobs, [depotWorker('x', undefined, { capacity: [6, 1] }), depotWorker('y', undefined, { capacity: [6, 1] })]);
    const result = solve(input);
    expect(checkSolution(input, result)).toEqual([]);
    expect(result.servedCount).toBe(4);
    for (const route of result.routes) {
      expect(route.load[0]).toBeLessThanOrEqual(6);
      expect(route.load[1]).toBeLessThanOrEqual(1);
    }
  });

  it('serves more jobs before it saves travel', () => {
    const input = planeInput(line, [
      { id: 'near', duration: 10 },
      { id: 'far', duration: 10 },
    ], [depotWorker('w', [{ start: 0, end: 100 }])], { objective: 'duration' });
    const result = solve(input);
    expect(result.servedCount).toBe(2);
    expect(checkSolution(input, result)).toEqual([]);
  });

  it('starts and ends each worker at their own locations', () => {
    const input = planeInput(line, [{ id: 'middle', duration: 5 }], [{ id: 'w', startLocation: 0, endLocation: 4, shifts: [{ start: 0, end: 100 }] }]);
    const result = solve(input);
    expect(checkSolution(input, result)).toEqual([]);
    expect(result.totalDistance).toBeCloseTo(40, 9);
  });
});
