import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { POST as searchFiles } from '@/app/api/web/tasks/files/search/route';
import { POST as searchNotes } from '@/app/api/web/tasks/notes/route';
import { GET as available } from '@/app/api/web/users/available/route';
import { PATCH as preferredColumns } from '@/app/api/web/users/preferredTaskColumns/route';
import { storedFiles, taskFiles, taskNotes, users } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import { signIn } from '../setup/http';
import { callJson, expectError, seedTask, taskCompany, type TaskCompany } from './helpers';

let a: TaskCompany;
let b: TaskCompany;

beforeAll(async () => {
  a = await taskCompany();
  b = await taskCompany();
});

describe('POST tasks/notes and tasks/files/search', () => {
  let withNote: number;
  let withFile: number;
  let plain: number;
  let foreign: number;

  beforeAll(async () => {
    const db = await getDb();
    withNote = await seedTask(a.tenantId, { typeId: a.types.survey });
    withFile = await seedTask(a.tenantId, { typeId: a.types.survey });
    plain = await seedTask(a.tenantId, { typeId: a.types.survey });
    foreign = await seedTask(b.tenantId, { typeId: b.types.survey });
    await db.insert(taskNotes).values([
      { tenantId: a.tenantId, taskId: withNote, note: 'Gate code is 4471, ring TWICE' },
      { tenantId: a.tenantId, taskId: plain, note: 'ring twice (deleted)', deleted: new Date() },
      { tenantId: a.tenantId, taskId: withFile, note: '100% done' },
      { tenantId: b.tenantId, taskId: foreign, note: 'ring twice' },
    ]);
    for (const [tenantId, taskId, description] of [
      [a.tenantId, withFile, 'Signed QUOTE for the valve'],
      [b.tenantId, foreign, 'signed quote'],
    ] as const) {
      const [stored] = await db
        .insert(storedFiles)
        .values({ tenantId, storageKey: `${tenantId}/${taskId}-${Date.now()}`, originalName: 'q.pdf', mimeType: 'application/pdf', sizeBytes: 10 })
        .returning({ id: storedFiles.id });
      await db.insert(taskFiles).values({ tenantId, taskId, storedFileId: stored.id, filename: 'q.pdf', description });
    }
  });

  const search = (handler: typeof searchNotes, textSearch: string, taskIds: number[], cookie = a.cookie) =>
    callJson<number[]>(handler, { method: 'POST', query: { textSearch }, json: { taskIds }, cookie });

  it('answers the given tasks with a matching note, any case, ignoring deleted notes and other tenants', async () => {
    const { status, body } = await search(searchNotes, 'Ring Twice', [withNote, withFile, plain, foreign]);
    expect(status).toBe(200);
    expect(body).toEqual([withNote]);
  });

  it('matches % and _ literally', async () => {
    expect((await search(searchNotes, '100%', [withNote, withFile])).body).toEqual([withFile]);
    expect((await search(searchNotes, '_', [withNote, withFile])).body).toEqual([]);
  });

  it('answers the given tasks with a matching file description', async () => {
    expect((await search(searchFiles, 'signed quote', [withNote, withFile, foreign])).body).toEqual([withFile]);
  });

  it('needs the text, and tasksManager', async () => {
    expectError(await search(searchNotes, '', [withNote]), 400, 'request.invalid');
    const workerCookie = await signIn(a.worker.username);
    expectError(await search(searchFiles, 'x', [withNote], workerCookie), 403, 'auth.forbidden');
  });
});

describe('GET users/available', () => {
  it('lists active, non-deleted workers with no task overlapping the range', async () => {
    const busy = await createUser(a.tenantId, { assignee: true });
    const freeAfter = await createUser(a.tenantId, { assignee: true });
    const cancelledOnly = await createUser(a.tenantId, { assignee: true });
    const inactive = await createUser(a.tenantId, { assignee: true, active: false });
    const deleted = await createUser(a.tenantId, { assignee: true, deleted: new Date() });
    const at = (iso: string) => new Date(iso);
    await seedTask(a.tenantId, { typeId: a.types.survey, assigneeId: busy.id, appointmentDate: at('2030-05-05T09:30:00Z'), durationMins: 60 });
    await seedTask(a.tenantId, { typeId: a.types.survey, assigneeId: freeAfter.id, appointmentDate: at('2030-05-05T08:00:00Z'), durationMins: 60 });
    await seedTask(a.tenantId, {
      typeId: a.types.survey,
      assigneeId: cancelledOnly.id,
      appointmentDate: at('2030-05-05T09:00:00Z'),
      statusId: 5,
      cancelled: new Date(),
    });
    const { status, body } = await callJson<Array<{ id: number; name: string }>>(available, {
      query: { appointmentFrom: '2030-05-05T09:00:00Z', appointmentTo: '2030-05-05T10:00:00Z' },
      cookie: a.cookie,
    });
    expect(status).toBe(200);
    const ids = body.map((user) => user.id);
    expect(ids).toEqual(expect.arrayContaining([a.worker.id, freeAfter.id, cancelledOnly.id]));
    expect(ids).not.toContain(busy.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(deleted.id);
    expect(ids).not.toContain(b.worker.id);
    expect(ids).not.toContain(a.owner.id);
  });

  it('needs a range that ends after it starts, and tasksManager', async () => {
    const query = { appointmentFrom: '2030-05-05T10:00:00Z', appointmentTo: '2030-05-05T09:00:00Z' };
    expectError(await callJson(available, { query, cookie: a.cookie }), 400, 'request.invalid');
    const workerCookie = await signIn(a.worker.username);
    const forward = { appointmentFrom: '2030-05-05T09:00:00Z', appointmentTo: '2030-05-05T10:00:00Z' };
    expectError(await callJson(available, { query: forward, cookie: workerCookie }), 403, 'auth.forbidden');
  });
});

describe('PATCH users/preferredTaskColumns', () => {
  const patch = (json: unknown, cookie: string) =>
    callJson<{ preferredTaskColumns: string }>(preferredColumns, { method: 'PATCH', json, cookie });

  it("saves the caller's own choice, always keeping id and type first; any signed-in user may", async () => {
    const worker = await createUser(a.tenantId, { assignee: true });
    const cookie = await signIn(worker.username);
    const result = await patch({ preferredTaskColumns: 'client, location,type,client' }, cookie);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ preferredTaskColumns: 'id,type,client,location' });
    const db = await getDb();
    const [row] = await db.select({ columns: users.preferredTaskColumns }).from(users).where(eq(users.id, worker.id));
    expect(row.columns).toBe('id,type,client,location');
    const [owner] = await db.select({ columns: users.preferredTaskColumns }).from(users).where(eq(users.id, a.owner.id));
    expect(owner.columns).toBeNull();
  });

  it('refuses a malformed column name and an anonymous caller', async () => {
    expectError(await patch({ preferredTaskColumns: 'id,<script>' }, a.cookie), 400, 'request.invalid');
    expect((await patch({ preferredTaskColumns: 'id' }, '')).status).toBe(401);
  });
});
