import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getBoard } from '@/app/api/web/tasks/board/route';
import { GET as getUnscheduled } from '@/app/api/web/tasks/board/unscheduled/route';
import { tasks } from '@/db/schema';
import { unscheduledPageSize, type BoardData, type UnscheduledPage } from '@/lib/contract/schedule-board';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import { signIn } from '../setup/http';
import { callJson, expectError, seedTask, taskCompany, type TaskCompany } from '../tasks/helpers';

const path = '/api/web/tasks/board/unscheduled';
const unscheduled = (cookie: string, query: Record<string, string> = {}) =>
  callJson<UnscheduledPage>(getUnscheduled, { path, query, cookie });
const day = { from: '2030-03-04', to: '2030-03-04' };

let a: TaskCompany;
let b: TaskCompany;

beforeAll(async () => {
  a = await taskCompany([]);
  b = await taskCompany([]);
});

describe('GET tasks/board/unscheduled and the board’s first page', () => {
  it('answers a page of the newest unscheduled tasks and the total, the board the same first page', async () => {
    const db = await getDb();
    // More than a page, created one second apart so "newest first" is certain.
    const base = Date.parse('2026-01-01T00:00:00Z');
    const created: number[] = [];
    for (let index = 0; index < unscheduledPageSize + 5; index++) {
      created.push(await seedTask(a.tenantId, { typeId: index % 2 ? a.types.repair : a.types.survey, created: new Date(base + index * 1000) }));
    }
    const newestFirst = [...created].reverse();
    // Neither cancelled nor planned ones count.
    await seedTask(a.tenantId, { typeId: a.types.survey, statusId: 5, cancelled: new Date() });
    await seedTask(a.tenantId, { typeId: a.types.survey, appointmentDate: new Date('2030-03-04T09:00:00Z') });

    const page = await unscheduled(a.cookie);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.total).toBe(created.length);
    expect(page.body.tasks.map((task) => task.id)).toEqual(newestFirst.slice(0, unscheduledPageSize));
    expect(page.body.tasks[0]).toMatchObject({ start: null, assigneeId: null, typeName: 'Survey' });

    const board = await callJson<BoardData>(getBoard, { path: '/api/web/tasks/board', query: day, cookie: a.cookie });
    expect(board.status).toBe(200);
    expect(board.body.unscheduled.map((task) => task.id)).toEqual(newestFirst.slice(0, unscheduledPageSize));
    expect(board.body.unscheduledTotal).toBe(created.length);

    const small = await unscheduled(a.cookie, { limit: '3' });
    expect(small.body).toMatchObject({ total: created.length });
    expect(small.body.tasks.map((task) => task.id)).toEqual(newestFirst.slice(0, 3));
    // Deleted, they leave the panel for the next tests.
    await db.update(tasks).set({ deleted: new Date() }).where(inArray(tasks.id, created));
    expect((await unscheduled(a.cookie)).body.total).toBe(0);
  });

  it('filters by type name or reference number, case-insensitively, as the panel did in the browser', async () => {
    const boiler = await seedTask(a.tenantId, { typeId: a.types.repair, title: 'Leaking' });
    const survey = await seedTask(a.tenantId, { typeId: a.types.survey, title: 'Boiler in the title only' });
    const byType = await unscheduled(a.cookie, { filter: '  bOILER ' });
    expect(byType.body.tasks.map((task) => task.id)).toContain(boiler);
    expect(byType.body.tasks.map((task) => task.id)).not.toContain(survey);
    expect(byType.body.total).toBe(byType.body.tasks.length);
    expect(byType.body.tasks.every((task) => task.typeName === 'Boiler repair')).toBe(true);

    const reference = byType.body.tasks.find((task) => task.id === boiler)?.referenceNumber;
    expect(reference).toBeDefined();
    for (const filter of [String(reference), `#${reference}`]) {
      const found = await unscheduled(a.cookie, { filter });
      expect(found.body.tasks.map((task) => task.id)).toContain(boiler);
      expect(found.body.tasks.every((task) => String(task.referenceNumber).includes(String(reference)))).toBe(true);
    }
    // Text that is a pattern to LIKE is plain text here.
    expect((await unscheduled(a.cookie, { filter: '%' })).body).toEqual({ tasks: [], total: 0 });
    expect((await unscheduled(a.cookie, { filter: 'no such type' })).body).toEqual({ tasks: [], total: 0 });
  });

  it("never answers another tenant's tasks", async () => {
    const theirs = await seedTask(b.tenantId, { typeId: b.types.survey });
    const mine = await unscheduled(a.cookie, { filter: 'survey' });
    expect(mine.body.tasks.map((task) => task.id)).not.toContain(theirs);
    const own = await unscheduled(b.cookie);
    expect(own.body).toMatchObject({ total: 1 });
    expect(own.body.tasks.map((task) => task.id)).toEqual([theirs]);
  });

  it('refuses a bad limit or a long filter, and users who cannot manage tasks', async () => {
    expectError(await unscheduled(a.cookie, { limit: '0' }), 400, 'request.invalid');
    expectError(await unscheduled(a.cookie, { limit: String(unscheduledPageSize + 1) }), 400, 'request.invalid');
    expectError(await unscheduled(a.cookie, { limit: 'ten' }), 400, 'request.invalid');
    expectError(await unscheduled(a.cookie, { filter: 'x'.repeat(201) }), 400, 'request.invalid');
    const worker = await createUser(a.tenantId, { assignee: true });
    const cookie = await signIn(worker.username);
    expect((await unscheduled(cookie)).status).toBe(403);
  });
});
