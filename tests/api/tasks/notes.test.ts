import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DELETE as deleteNote, PUT as editNote } from '@/app/api/web/tasks/[id]/notes/[noteId]/route';
import { GET as listNotes, POST as addNote } from '@/app/api/web/tasks/[id]/notes/route';
import { GET as readTask } from '@/app/api/web/tasks/[id]/route';
import { POST as searchNotes } from '@/app/api/web/tasks/notes/route';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { taskNotes, tasks } from '@/db/schema';
import type { NoteCreated, NoteDeleted, NoteEdited, NoteView } from '@/lib/contract/task-notes';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import { expectTenantIsolation, signIn } from '../setup/http';
import {
  callJson,
  collectTaskEvents,
  expectError,
  logsOf,
  seedTask,
  taskCompany,
  type TaskCompany,
  type TaskView,
} from './helpers';
import { codesOf, messagesOf } from '@/lib/contract/errors';

let a: TaskCompany;
let b: TaskCompany;
let workerCookie: string;
let secondManager: { cookie: string; id: number };

beforeAll(async () => {
  a = await taskCompany();
  b = await taskCompany();
  workerCookie = await signIn(a.worker.username);
  const manager = await createUser(a.tenantId, { tasksManager: true });
  secondManager = { id: manager.id, cookie: await signIn(manager.username) };
});

const newTask = (values: { assigneeId?: number; statusId?: number; cancelled?: Date } = {}) =>
  seedTask(a.tenantId, { typeId: a.types.survey, ...values });
const post = (taskId: number, json: unknown, cookie = a.cookie) =>
  callJson<NoteCreated>(addNote, { method: 'POST', params: { id: taskId }, json, cookie });
const list = (taskId: number, cookie = a.cookie) => callJson<NoteView[]>(listNotes, { params: { id: taskId }, cookie });
const put = (taskId: number, noteId: number, json: unknown, cookie = a.cookie) =>
  callJson<NoteEdited>(editNote, { method: 'PUT', params: { id: taskId, noteId }, json, cookie });
const remove = (taskId: number, noteId: number, cookie = a.cookie) =>
  callJson<NoteDeleted>(deleteNote, { method: 'DELETE', params: { id: taskId, noteId }, cookie });
const taskOf = async (taskId: number) => (await callJson<TaskView>(readTask, { params: { id: taskId }, cookie: a.cookie })).body;

describe('POST tasks/{id}/notes', () => {
  it('adds a trimmed note with its author, writes add_note and moves the task on', async () => {
    const taskId = await newTask();
    const before = await taskOf(taskId);
    const result = await post(taskId, { note: '  Gate code 4471  ' });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ note: 'Gate code 4471', authorId: a.owner.id, authorName: 'Test User', edited: false });
    expect(Date.parse(result.body.task.updated)).toBeGreaterThan(Date.parse(before.updated));
    expect(await logsOf(taskId)).toEqual([
      expect.objectContaining({ action: 'add_note', oldValue: null, newValue: 'Gate code 4471', userId: a.owner.id }),
    ]);
  });

  it('refuses an empty or blank note with the spec message and stores nothing', async () => {
    const taskId = await newTask();
    for (const json of [{ note: '' }, { note: '   \n ' }, {}]) {
      const error = expectError(await post(taskId, json), 400, 'request.invalid');
      expect(messagesOf(error.fields).note).toEqual(['Please Input Note!']);
      expect(codesOf(error.fields).note).toEqual(['validation.required']);
    }
    expect((await list(taskId)).body).toEqual([]);
    expect(await logsOf(taskId)).toEqual([]);
  });

  it('publishes the task to the live stream', async () => {
    const taskId = await newTask();
    const events = await collectTaskEvents(stream, a, () => post(taskId, { note: 'Live' }), 1);
    expect(events.map((event) => event.taskId)).toContain(taskId);
  });
});

describe('GET tasks/{id}/notes', () => {
  it('lists live notes newest first with author and date, without deleted ones', async () => {
    const taskId = await newTask();
    const first = await post(taskId, { note: 'First' });
    await post(taskId, { note: 'Second' }, secondManager.cookie);
    const gone = await post(taskId, { note: 'Deleted' });
    await remove(taskId, gone.body.id);
    const result = await list(taskId);
    expect(result.status).toBe(200);
    expect(result.body.map((note) => note.note)).toEqual(['Second', 'First']);
    expect(result.body[0]).toMatchObject({ authorId: secondManager.id, authorName: 'Test User' });
    expect(result.body[1].date).toBe(first.body.date);
    expect(result.body.map((note) => note.edited)).toEqual([false, false]);
  });
});

describe('PUT tasks/{id}/notes/{noteId}', () => {
  it('edits the text, answers {id, note} and writes update_note with old and new text', async () => {
    const taskId = await newTask();
    const added = await post(taskId, { note: 'Old text' });
    const result = await put(taskId, added.body.id, { note: ' New text ' });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ id: added.body.id, note: 'New text' });
    expect(Date.parse(result.body.task.updated)).toBeGreaterThan(Date.parse(added.body.task.updated));
    expect((await list(taskId)).body).toEqual([expect.objectContaining({ note: 'New text', edited: true })]);
    expect((await logsOf(taskId)).at(-1)).toMatchObject({ action: 'update_note', oldValue: 'Old text', newValue: 'New text' });
  });

  it("lets a tasks manager edit another user's note; the author stays", async () => {
    const taskId = await newTask();
    const added = await post(taskId, { note: 'By the owner' });
    expect((await put(taskId, added.body.id, { note: 'Fixed by a colleague' }, secondManager.cookie)).status).toBe(200);
    expect((await list(taskId)).body[0]).toMatchObject({ note: 'Fixed by a colleague', authorId: a.owner.id });
  });

  it('refuses blank text with the spec message', async () => {
    const taskId = await newTask();
    const added = await post(taskId, { note: 'Keep me' });
    const error = expectError(await put(taskId, added.body.id, { note: '  ' }), 400, 'request.invalid');
    expect(messagesOf(error.fields).note).toEqual(['Please Input Note!']);
    expect(codesOf(error.fields).note).toEqual(['validation.required']);
    expect((await list(taskId)).body[0].note).toBe('Keep me');
  });

  it('the same text again writes no log entry', async () => {
    const taskId = await newTask();
    const added = await post(taskId, { note: 'Same' });
    expect((await put(taskId, added.body.id, { note: 'Same' })).status).toBe(200);
    expect((await logsOf(taskId)).map((entry) => entry.action)).toEqual(['add_note']);
  });
});

describe('DELETE tasks/{id}/notes/{noteId}', () => {
  it('marks the note deleted, keeps its text in delete_note and hides it from the notes search', async () => {
    const taskId = await newTask();
    const added = await post(taskId, { note: 'Findable zebra' });
    const search = () =>
      callJson<number[]>(searchNotes, {
        method: 'POST',
        path: '/api/web/tasks/notes',
        query: { textSearch: 'zebra' },
        json: { taskIds: [taskId] },
        cookie: a.cookie,
      });
    expect((await search()).body).toEqual([taskId]);
    const result = await remove(taskId, added.body.id);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.id).toBe(added.body.id);
    const db = await getDb();
    const [row] = await db.select().from(taskNotes).where(eq(taskNotes.id, added.body.id));
    expect(row.deleted).not.toBeNull();
    expect((await logsOf(taskId)).at(-1)).toMatchObject({ action: 'delete_note', oldValue: 'Findable zebra', newValue: null });
    expect((await search()).body).toEqual([]);
  });
});

describe('a note that no longer exists, or belongs elsewhere', () => {
  it('answers 404 for a deleted note, a note of another task and a missing one', async () => {
    const taskId = await newTask();
    const otherTaskId = await newTask();
    const deleted = await post(taskId, { note: 'Soon gone' });
    await remove(taskId, deleted.body.id);
    const elsewhere = await post(otherTaskId, { note: 'Other task' });
    for (const noteId of [deleted.body.id, elsewhere.body.id, 2_000_000_000]) {
      expectError(await put(taskId, noteId, { note: 'x' }), 404, 'note.notFound', 'The note does not exist any more.');
      expectError(await remove(taskId, noteId), 404, 'note.notFound');
    }
    expect((await list(otherTaskId)).body.map((note) => note.note)).toEqual(['Other task']);
  });
});

describe('a cancelled task', () => {
  it('refuses adding, editing and deleting notes with 422 and a clear message, and changes nothing', async () => {
    const taskId = await newTask();
    const added = await post(taskId, { note: 'Before cancelling' });
    const db = await getDb();
    await db.update(tasks).set({ statusId: 5, cancelled: new Date() }).where(and(eq(tasks.tenantId, a.tenantId), eq(tasks.id, taskId)));
    const message = 'Notes of a cancelled task cannot be added, edited or deleted.';
    expectError(await post(taskId, { note: 'After' }), 422, 'task.cancelled', message);
    expectError(await put(taskId, added.body.id, { note: 'Changed' }), 422, 'task.cancelled', message);
    expectError(await remove(taskId, added.body.id), 422, 'task.cancelled', message);
    expect((await list(taskId)).body.map((note) => note.note)).toEqual(['Before cancelling']);
    expect((await logsOf(taskId)).map((entry) => entry.action)).toEqual(['add_note']);
  });
});

describe('roles', () => {
  it('a worker reads and adds notes on their own task only, and cannot edit or delete', async () => {
    const own = await newTask({ assigneeId: a.worker.id });
    const notOwn = await newTask();
    const added = await post(own, { note: 'From the worker' }, workerCookie);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await list(own, workerCookie)).body.map((note) => note.note)).toEqual(['From the worker']);
    expectError(await list(notOwn, workerCookie), 404, 'task.notFound');
    expectError(await post(notOwn, { note: 'x' }, workerCookie), 404, 'task.notFound');
    expectError(await put(own, added.body.id, { note: 'x' }, workerCookie), 403, 'auth.forbidden');
    expectError(await remove(own, added.body.id, workerCookie), 403, 'auth.forbidden');
  });

  it('a billing manager without tasksManager is refused', async () => {
    const billing = await createUser(a.tenantId, { billingManager: true });
    const cookie = await signIn(billing.username);
    expectError(await list(await newTask(), cookie), 403, 'auth.forbidden');
  });
});

describe('tenant isolation', () => {
  it("another tenant's task or note id answers 404 on every notes route", async () => {
    const foreignTask = await seedTask(b.tenantId, { typeId: b.types.survey });
    const foreignNote = await post(foreignTask, { note: 'Tenant B' }, b.cookie);
    const ownTask = await newTask();
    const cases: { handler: typeof listNotes; method?: string; params: Record<string, number>; json?: unknown }[] = [
      { handler: listNotes, params: { id: foreignTask } },
      { handler: addNote, method: 'POST', params: { id: foreignTask }, json: { note: 'Probe' } },
      { handler: editNote, method: 'PUT', params: { id: foreignTask, noteId: foreignNote.body.id }, json: { note: 'Probe' } },
      { handler: deleteNote, method: 'DELETE', params: { id: foreignTask, noteId: foreignNote.body.id } },
    ];
    for (const testCase of cases) {
      await expectTenantIsolation({ ...testCase, otherTenantCookie: a.cookie, ownerCookie: b.cookie });
    }
    // Tenant B's note under tenant A's own task is just as unknown.
    expectError(await put(ownTask, foreignNote.body.id, { note: 'Probe' }), 404, 'note.notFound');
    expectError(await remove(ownTask, foreignNote.body.id), 404, 'note.notFound');
  });
});
