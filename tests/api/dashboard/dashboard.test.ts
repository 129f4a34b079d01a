import { beforeAll, describe, expect, it } from 'vitest';
import { GET as completedTasks } from '@/app/api/web/dashboard/completed-tasks/route';
import { GET as customerAnalysis } from '@/app/api/web/dashboard/customer-analysis/route';
import { GET as estimatedVsActual } from '@/app/api/web/dashboard/estimated-hours-vs-actual-hours/route';
import { GET as taskLocationAnalysis } from '@/app/api/web/dashboard/task-location-analysis/route';
import { GET as taskStatusAnalysis } from '@/app/api/web/dashboard/task-status-analysis/route';
import { GET as taskTypeAnalysis } from '@/app/api/web/dashboard/task-type-analysis/route';
import { GET as totalTasks } from '@/app/api/web/dashboard/total-tasks/route';
import { GET as workforceAnalysis } from '@/app/api/web/dashboard/workforce-analysis/route';
import { GET as workforceAvailability } from '@/app/api/web/dashboard/workforce-availability/route';
import { codesOf, type FieldProblems } from '@/lib/contract/errors';
import { periodRange } from '@/lib/contract/dashboard';
import { addDays } from '@/lib/contract/zoned-time';
import { call } from '../setup/http';
import { dashboardFixture, otherTenantFixture } from './fixture';

type Handler = Parameters<typeof call>[0];
type Fixture = Awaited<ReturnType<typeof dashboardFixture>>;

let a: Fixture;
let b: Awaited<ReturnType<typeof otherTenantFixture>>;

beforeAll(async () => {
  // Tenant B is built first and stays: its tasks, worker and session exist while every one of A's figures is read,
  // so each exact figure below also proves that nothing of B is counted for A.
  b = await otherTenantFixture();
  a = await dashboardFixture();
});

async function get<T>(handler: Handler, period?: string, cookie = a.cookies.manager): Promise<T> {
  const response = await call(handler, { cookie, query: period ? { period } : {} });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

/** A day-by-day series of the week: zeros except the given days (offsets from today). */
function days(count: number, values: Record<number, object>, zero: object) {
  return Array.from({ length: count }, (_, index) => {
    const offset = index - count + 1;
    return { period: addDays(a.today, offset), ...zero, ...(values[offset] ?? {}) };
  });
}

describe('dashboard widgets without a period', () => {
  it('counts live tasks ever and those created in the last 7 days of the Tokyo calendar', async () => {
    // Created -6 00:00 (the week's first instant), -6 08:30 (still -7 in UTC) and -1 are in; -7 23:59 is not;
    // the deleted task is never counted.
    expect(await get(totalTasks)).toEqual({ totalAllTime: 10, totalLastSevenDays: 3 });
  });

  it('counts active workers and those holding a live session', async () => {
    // Anna signed in; Bruno never did; Carla's session expired; the deactivated and deleted workers are not workers.
    expect(await get(workforceAvailability)).toEqual({ totalWorkers: 3, totalWorkersLoggedIn: 1 });
  });

  it('counts live tasks by status, paused included, so the shares add up to the total', async () => {
    expect(await get(taskStatusAnalysis)).toEqual({ total: 10, pending: 2, inProgress: 1, paused: 1, completed: 5, cancelled: 1 });
  });
});

describe('dashboard widgets over a period', () => {
  it('series completed tasks by Tokyo day: 08:59 today (23:59 UTC yesterday) is today, -6 00:00 is in, -7 23:59 is out', async () => {
    expect(await get(completedTasks, '1W')).toEqual(days(7, { [-6]: { completed: 1 }, [-3]: { completed: 1 }, 0: { completed: 1 } }, { completed: 0 }));
    expect(await get(completedTasks)).toEqual(await get(completedTasks, '1W'));
    expect(await get(completedTasks, '1M')).toEqual(
      days(30, { [-7]: { completed: 1 }, [-6]: { completed: 1 }, [-3]: { completed: 1 }, 0: { completed: 1 } }, { completed: 0 }),
    );
  });

  it('buckets 3M by Monday weeks and 1Y by months, with every bucket present', async () => {
    const mondayOf = (offset: number) => {
      const day = addDays(a.today, offset);
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      return addDays(day, -((weekday + 6) % 7));
    };
    const weeks = await get<Array<{ period: string; completed: number }>>(completedTasks, '3M');
    expect(weeks.map((point) => point.period)).toEqual(periodRange('3M', a.today).buckets);
    const expectedWeeks = new Map<string, number>();
    for (const offset of [0, -6, -7, -3, -40]) expectedWeeks.set(mondayOf(offset), (expectedWeeks.get(mondayOf(offset)) ?? 0) + 1);
    expect(weeks.filter((point) => point.completed > 0)).toEqual(
      [...expectedWeeks].sort(([x], [y]) => x.localeCompare(y)).map(([period, completed]) => ({ period, completed })),
    );
    const months = await get<Array<{ period: string; completed: number }>>(completedTasks, '1Y');
    expect(months).toHaveLength(12);
    expect(months.at(-1)?.period).toBe(`${a.today.slice(0, 7)}-01`);
    const expectedMonths = new Map<string, number>();
    for (const offset of [0, -6, -7, -3, -40]) {
      const month = `${addDays(a.today, offset).slice(0, 7)}-01`;
      expectedMonths.set(month, (expectedMonths.get(month) ?? 0) + 1);
    }
    expect(months.filter((point) => point.completed > 0)).toEqual(
      [...expectedMonths].sort(([x], [y]) => x.localeCompare(y)).map(([period, completed]) => ({ period, completed })),
    );
  });

  it('sums estimated (appointment) and actual (time in progress, pauses left out) minutes per day', async () => {
    const zero = { estimate: 0, actual: 0 };
    expect(await get(estimatedVsActual, '1W')).toEqual(
      days(7, { [-6]: { estimate: 90, actual: 60 }, [-3]: { estimate: 120, actual: 100 }, 0: { estimate: 60, actual: 59 } }, zero),
    );
    expect(await get(estimatedVsActual, '1M')).toEqual(
      days(
        30,
        { [-7]: { estimate: 30, actual: 59 }, [-6]: { estimate: 90, actual: 60 }, [-3]: { estimate: 120, actual: 100 }, 0: { estimate: 60, actual: 59 } },
        zero,
      ),
    );
  });

  it('counts tasks by type by appointment date, whatever their status', async () => {
    const { repair, survey, install } = a.ids;
    expect(await get(taskTypeAnalysis, '1W')).toEqual([
      { typeId: repair, type: 'Repair', count: 3 },
      { typeId: survey, type: 'Survey', count: 2 },
      { typeId: install, type: 'Install', count: 1 },
    ]);
    expect(await get(taskTypeAnalysis, '1M')).toEqual([
      { typeId: repair, type: 'Repair', count: 4 },
      { typeId: survey, type: 'Survey', count: 3 },
      { typeId: install, type: 'Install', count: 1 },
    ]);
  });

  it('answers heat-map points rounded to about 100 m, weighted by their tasks', async () => {
    expect(await get(taskLocationAnalysis, '1W')).toEqual([
      { lat: 35.69, lng: 139.692, count: 2 },
      { lat: 34.694, lng: 135.502, count: 1 },
      { lat: 35.681, lng: 139.767, count: 1 },
    ]);
    expect(await get(taskLocationAnalysis, '1M')).toEqual([
      { lat: 35.69, lng: 139.692, count: 3 },
      { lat: 35.681, lng: 139.767, count: 2 },
      { lat: 34.694, lng: 135.502, count: 1 },
    ]);
  });

  it('sums completed work per worker, most completed first, ties by name', async () => {
    const { anna, bruno } = a.ids;
    expect(await get(workforceAnalysis, '1W')).toEqual([
      { assigneeId: anna, name: 'Anna', surname: 'Verdi', completed: 2, estimate: 150, actual: 119 },
      { assigneeId: bruno, name: 'Bruno', surname: 'Neri', completed: 1, estimate: 120, actual: 100 },
    ]);
    expect(await get(workforceAnalysis, '1M')).toEqual([
      { assigneeId: anna, name: 'Anna', surname: 'Verdi', completed: 2, estimate: 150, actual: 119 },
      { assigneeId: bruno, name: 'Bruno', surname: 'Neri', completed: 2, estimate: 150, actual: 159 },
    ]);
    expect(await get(workforceAnalysis, '3M')).toEqual([
      { assigneeId: anna, name: 'Anna', surname: 'Verdi', completed: 3, estimate: 195, actual: 179 },
      { assigneeId: bruno, name: 'Bruno', surname: 'Neri', completed: 2, estimate: 150, actual: 159 },
    ]);
  });

  it('sums completed work per client; a task without a client is in no row', async () => {
    const { alpha, beta } = a.ids;
    expect(await get(customerAnalysis, '1W')).toEqual([
      { clientId: alpha, displayName: 'Alpha', completed: 1, estimate: 60, actual: 59 },
      { clientId: beta, displayName: 'Beta', completed: 1, estimate: 90, actual: 60 },
    ]);
    expect(await get(customerAnalysis, '1M')).toEqual([
      { clientId: alpha, displayName: 'Alpha', completed: 2, estimate: 90, actual: 118 },
      { clientId: beta, displayName: 'Beta', completed: 1, estimate: 90, actual: 60 },
    ]);
  });
});

describe('dashboard access and validation', () => {
  it("shows another tenant only its own figures", async () => {
    expect(await get(totalTasks, undefined, b.ownerCookie)).toEqual({ totalAllTime: 3, totalLastSevenDays: 3 });
    expect(await get(workforceAvailability, undefined, b.ownerCookie)).toEqual({ totalWorkers: 1, totalWorkersLoggedIn: 1 });
    const rows = await get<Array<{ displayName: string; completed: number }>>(customerAnalysis, '1W', b.ownerCookie);
    expect(rows.map(({ displayName, completed }) => ({ displayName, completed }))).toEqual([{ displayName: 'Alpha', completed: 3 }]);
  });

  const periodCalls: Handler[] = [completedTasks, estimatedVsActual, taskTypeAnalysis, taskLocationAnalysis, workforceAnalysis, customerAnalysis];
  const allCalls: Handler[] = [totalTasks, workforceAvailability, taskStatusAnalysis, ...periodCalls];

  it('refuses a period other than 1W, 1M, 3M or 1Y with 400 naming the field', async () => {
    for (const handler of periodCalls) {
      for (const period of ['2W', '1w', '', '1D']) {
        const response = await call(handler, { cookie: a.cookies.manager, query: { period } });
        expect(response.status).toBe(400);
        const body = (await response.json()) as { error: { code: string; fields?: FieldProblems } };
        expect(codesOf(body.error.fields)).toEqual({ period: ['validation.option'] });
      }
    }
  });

  it('opens every call to a tasks manager, refuses other roles with 403 and strangers with 401', async () => {
    for (const handler of allCalls) {
      expect((await call(handler, { cookie: a.cookies.dispatcher })).status).toBe(200);
      expect((await call(handler, { cookie: a.cookies.people })).status).toBe(403);
      expect((await call(handler, { cookie: a.cookies.worker })).status).toBe(403);
      expect((await call(handler)).status).toBe(401);
    }
  });
});
