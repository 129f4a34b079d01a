import { beforeAll, describe, expect, it } from 'vitest';
import { POST as report } from '@/app/api/web/reports/efficiency/route';
import type { EfficiencyReport, EfficiencyRow } from '@/lib/contract/efficiency-report';
import { freeIntervalsFor, workingMinutesFor } from '@/lib/server/scheduling/availability';
import { getDb } from '@/lib/server/core/db';
import { loadCtx } from '@/lib/server/core/ctx';
import { callJson, expectError } from '../tasks/helpers';
import { efficiencyCompany, otherCompany, range } from './efficiency-fixture';

let a: Awaited<ReturnType<typeof efficiencyCompany>>;
let b: Awaited<ReturnType<typeof otherCompany>>;

beforeAll(async () => {
  a = await efficiencyCompany();
  b = await otherCompany();
});

const post = (json: unknown, query: Record<string, string> = range, cookie = a.cookies.dispatcher) =>
  callJson<EfficiencyReport>(report, { method: 'POST', path: '/api/web/reports/efficiency', query, json, cookie });

/** The fields a row is checked on, besides its task's title (which names the case). */
const brief = (row: EfficiencyRow) => [row.task.title, row.estimate, row.actual, row.difference, row.efficiency];

describe('POST reports/efficiency', () => {
  it('answers the tasks completed in the range, every number as worked out by hand', async () => {
    const result = await post({});
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    // Oldest completion first; 'Too early' (23:59:59.999 the day before) and 'Too late' (00:00 the day after) are out.
    expect(result.body.map(brief)).toEqual([
      ['Midnight', 30, 30, null, 100],
      ['Boiler', 90, 105, 15, 86],
      ['Reopened', 90, 60, -30, 150],
      ['Straight to done', 30, 0, -30, 0],
      ['Survey B', 30, 20, -10, 150],
      ['Slow survey', 30, 60, 30, 50],
      ['Late survey', 30, 1, -29, 0],
    ]);
    const [first, boiler, reopened, straight] = result.body;
    expect(first).toMatchObject({ totalEstimate: 330, totalActual: 276, workingHours: 3480 });
    expect(result.body.slice(1).every((row) => row.totalEstimate === undefined && row.workingHours === undefined)).toBe(true);
    expect(boiler).toEqual({
      task: {
        id: a.tasks.t1.id,
        referenceNumber: a.tasks.t1.referenceNumber,
        title: 'Boiler',
        client: { id: a.clients.rossi, displayName: 'Rossi Srl' },
      },
      assignees: [{ id: a.workers.w1.id, name: 'Anna', surname: 'Worker' }],
      startDate: '2026-03-02T07:00:00.000Z',
      endDate: '2026-03-02T09:15:00.000Z',
      estimate: 90,
      actual: 105,
      difference: 15,
      efficiency: 86,
    });
    expect(first).toMatchObject({ startDate: '2026-03-01T22:30:00.000Z', endDate: '2026-03-01T23:00:00.000Z' });
    expect(reopened).toMatchObject({ task: { client: null }, startDate: '2026-03-03T09:00:00.000Z', endDate: '2026-03-03T10:20:00.000Z' });
    expect(straight).toMatchObject({ startDate: null, endDate: '2026-03-03T11:00:00.000Z' });
    expect(result.body.at(-1)).toMatchObject({ endDate: '2026-03-04T22:59:59.000Z' });
  });

  it('filters by worker, client and task type; the working hours are those of the chosen workers', async () => {
    const byWorker = await post({ assigneeId: [a.workers.w2.id] });
    expect(byWorker.body.map(brief)).toEqual([
      ['Straight to done', 30, 0, -30, 0],
      ['Survey B', 30, 20, -10, 150],
    ]);
    // Bruno: Monday 8 h, Tuesday off by his record, Wednesday 09:00–11:00 by his record; the deleted record is ignored.
    expect(byWorker.body[0]).toMatchObject({ totalEstimate: 60, totalActual: 20, workingHours: 600 });

    const byClient = await post({ clientIds: [a.clients.rossi] });
    expect(byClient.body.map((row) => row.task.title)).toEqual(['Boiler', 'Straight to done', 'Late survey']);
    expect(byClient.body[0]).toMatchObject({ totalEstimate: 150, totalActual: 106, workingHours: 3480 });

    const byType = await post({ typeIds: [a.types.repair] });
    expect(byType.body.map((row) => row.task.title)).toEqual(['Boiler', 'Reopened']);
    expect(byType.body[0]).toMatchObject({ totalEstimate: 180, totalActual: 165 });

    const all = await post({ clientIds: [a.clients.bianchi], typeIds: [a.types.survey], assigneeIds: [a.workers.w1.id] });
    expect(all.body.map((row) => row.task.title)).toEqual(['Midnight']);
    expect(all.body[0]).toMatchObject({ totalEstimate: 30, totalActual: 30, workingHours: 1440 });

    // A deactivated worker chosen on purpose counts with his template's hours.
    const deactivated = await post({ assigneeId: [a.workers.w4.id] });
    expect(deactivated.body.map(brief)).toEqual([['Slow survey', 30, 60, 30, 50]]);
    expect(deactivated.body[0].workingHours).toBe(1440);

    const none = await post({ clientIds: [a.clients.bianchi], typeIds: [a.types.repair] });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('counts the real hours on the day the clocks change, and in the tenant zone', async () => {
    const result = await post({ assigneeId: [a.workers.w5.id, a.workers.w1.id] }, { from: '2026-03-29', to: '2026-03-29' });
    expect(result.body.map(brief)).toEqual([['Summer time', 30, 45, 15, 67]]);
    // Elena's 01:00–04:00 on the night the clocks skip 02:00–03:00 is two hours; Anna's Sunday is off.
    expect(result.body[0]).toMatchObject({ workingHours: 120, endDate: '2026-03-29T07:45:00.000Z' });
  });

  it("never shows or counts another tenant's tasks, workers, clients or types", async () => {
    const mixed = await post({ assigneeId: [a.workers.w2.id, b.workerId] });
    expect(mixed.body.map((row) => row.task.title)).toEqual(['Straight to done', 'Survey B']);
    expect(mixed.body[0].workingHours).toBe(600);
    for (const filter of [{ clientIds: [b.clientId] }, { typeIds: [b.typeId] }, { assigneeId: [b.workerId] }]) {
      const answer = await post(filter);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
    }
    const theirs = await post({}, range, b.cookie);
    expect(theirs.body.map(brief)).toEqual([['Theirs', 90, 120, 30, 75]]);
    expect(theirs.body[0]).toMatchObject({ totalEstimate: 90, totalActual: 120, workingHours: 1440 });
  });

  it("adds up each worker's hours exactly as the availability service lays them out, day by day", async () => {
    const ctx = await loadCtx(await getDb(), a.owner.id, 'test', 'session');
    if (!ctx) throw new Error('the owner cannot act');
    const ids = Object.values(a.workers).map((worker) => worker.id);
    const minutes = await workingMinutesFor(ctx, ids, '2026-03-01', '2026-03-31');
    const days = await freeIntervalsFor(ctx, ids, '2026-03-01', '2026-03-31');
    for (const id of ids) {
      const laidOut = (days.get(id) ?? [])
        .filter((day) => day.source !== 'unknown')
        .flatMap((day) => day.working)
        .reduce((total, interval) => total + (interval.end - interval.start) / 60_000, 0);
      expect(minutes.get(id)).toBe(laidOut);
    }
    // March 2026 has 22 weekdays of 8 h; Bruno has one day off and one of 2 h; Elena her 2 h on the 29th.
    expect(minutes.get(a.workers.w1.id)).toBe(22 * 480);
    expect(minutes.get(a.workers.w2.id)).toBe(20 * 480 + 120);
    expect(minutes.get(a.workers.w3.id)).toBe(0);
    expect(minutes.get(a.workers.w5.id)).toBe(120);
  });

  it('takes an empty body as no filter', async () => {
    const result = await callJson<EfficiencyReport>(report, {
      method: 'POST',
      path: '/api/web/reports/efficiency',
      query: range,
      cookie: a.cookies.dispatcher,
    });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(7);
  });

  it('needs tasksManager', async () => {
    expectError(await post({}, range, a.cookies.people), 403, 'auth.forbidden');
    expectError(await post({}, range, a.cookies.worker), 403, 'auth.forbidden');
    expectError(await post({}, range, ''), 401, 'auth.unauthorized');
  });

  it('refuses a range that is missing, backwards, not dates, or longer than 366 days', async () => {
    expectError(await post({}, { from: '2026-03-02' }), 400, 'request.invalid');
    expectError(await post({}, { from: '2026-03-04', to: '2026-03-02' }), 400, 'request.invalid');
    expectError(await post({}, { from: '2026-03-02T00:00', to: '2026-03-04' }), 400, 'request.invalid');
    expectError(await post({}, { from: '2025-01-01', to: '2026-01-02' }), 400, 'request.invalid');
    expect((await post({}, { from: '2025-03-05', to: '2026-03-05' })).status).toBe(200);
    expectError(await post({ clientIds: ['x'] }), 400, 'request.invalid');
  });
});
