import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { solve } from '@/lib/server/auto-schedule/engine';
import { euclideanMatrix, parseSolomon, solomonToInput } from '../../../bench/lib/solomon';
import { checkSolomonRoutes } from '../../../bench/lib/vrptw-check';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
// The instances live beside the checkout (/work/shared next to /work/main), or two levels up from a worktree.
const benchFolder = ['../shared/bench/vrptw', '../../shared/bench/vrptw'].map((relative) => path.resolve(repoRoot, relative)).find(existsSync) ?? '';
const solomonFolder = path.join(benchFolder, 'solomon');

describe.skipIf(!existsSync(solomonFolder))('real Solomon instances', () => {
  it.each(['C101', 'R101', 'RC105', 'R211', 'RC208'])('%s with a short time limit gives valid routes serving everyone', (name) => {
    const instance = parseSolomon(readFileSync(path.join(solomonFolder, `${name}.txt`), 'utf8'));
    const matrix = euclideanMatrix(instance);
    const result = solve({ ...solomonToInput(instance, instance.vehicles, matrix), timeLimitMs: 250, seed: 1 });
    const routes = result.routes.map((route) => route.visits.map((visit) => Number(visit.jobId)));
    const check = checkSolomonRoutes(instance, routes, instance.vehicles);
    expect(check.errors).toEqual([]);
    expect(check.missing).toBe(0);
    expect(check.distance).toBeCloseTo(result.totalDistance, 6);
  });

  it('with a fleet too small, leaves customers out but keeps every route valid', () => {
    const instance = parseSolomon(readFileSync(path.join(solomonFolder, 'R101.txt'), 'utf8'));
    const matrix = euclideanMatrix(instance);
    const result = solve({ ...solomonToInput(instance, 8, matrix), timeLimitMs: 200, seed: 2 });
    const routes = result.routes.map((route) => route.visits.map((visit) => Number(visit.jobId)));
    const check = checkSolomonRoutes(instance, routes, 8);
    expect(check.errors).toEqual([]);
    expect(check.missing).toBeGreaterThan(0);
    expect(result.unassigned.every((entry) => entry.reason === 'NO_ROOM_LEFT')).toBe(true);
  });

  it('the benchmark script prints a valid JSON line', () => {
    const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
    const file = path.join(solomonFolder, 'RC201.txt');
    const output = execFileSync(tsx, [path.join(repoRoot, 'bench/vrptw-solve.ts'), file, '--time-ms', '1200', '--seed', '3'], { encoding: 'utf8' });
    const answer = JSON.parse(output.trim()) as { instance: string; routes: number[][]; distance: number; ms: number };
    const instance = parseSolomon(readFileSync(file, 'utf8'));
    const check = checkSolomonRoutes(instance, answer.routes, instance.vehicles);
    expect(answer.instance).toBe('RC201');
    expect(check.errors).toEqual([]);
    expect(check.missing).toBe(0);
    expect(answer.distance).toBeCloseTo(check.distance, 3);
    expect(answer.ms).toBeGreaterThan(0);
  });
});
