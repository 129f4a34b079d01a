import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as uploadFile } from '@/app/api/web/tasks/[id]/files/route';
import { POST as addNote } from '@/app/api/web/tasks/[id]/notes/route';
import { POST as addSignature } from '@/app/api/web/tasks/[id]/signature/route';
import { idempotencyKeys, taskFiles, taskNotes, taskSignatures } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { pngBytes } from '../../support/sample-files';
import { createUser } from '../setup/fixtures';
import { signIn } from '../setup/http';
import { callAny, fileForm } from '../task-files/helpers';
import { callJson, expectError, timelineOf, useTemporaryStorage } from '../tasks/helpers';
import { changeStatus, localDay, taskOn, workerCompany, type WorkerCompany } from './helpers';

let a: WorkerCompany;
let keyCounter = 0;
const newKey = () => `queue-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  useTemporaryStorage();
  a = await workerCompany();
});

function note(taskId: number, key: string, text = 'Arrived', cookie = a.workerCookie) {
  return callJson<{ id: number }>(addNote, {
    method: 'POST',
    path: `/api/web/tasks/${taskId}/notes`,
    params: { id: taskId },
    json: { note: text },
    cookie,
    headers: { 'Idempotency-Key': key },
  });
}

async function rowsOf(table: typeof taskNotes | typeof taskFiles | typeof taskSignatures, taskId: number) {
  const db = await getDb();
  return (await db.select({ id: table.id }).from(table).where(eq(table.taskId, taskId))).length;
}

describe('a replay with the same Idempotency-Key', () => {
  it('answers the first status change again without changing the task a second time', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    const key = newKey();
    const first = await changeStatus(taskId, { statusId: 2 }, a.workerCookie, { 'Idempotency-Key': key });
    const replay = await changeStatus(taskId, { statusId: 2 }, a.workerCookie, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(replay).toEqual(first);
    expect(await timelineOf(taskId)).toEqual([2]);
  });

  it('answers the first note, file and signature again and stores each once', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    const noteKey = newKey();
    const firstNote = await note(taskId, noteKey);
    expect(await note(taskId, noteKey)).toEqual(firstNote);
    expect(await rowsOf(taskNotes, taskId)).toBe(1);

    const fileKey = newKey();
    const upload = () =>
      callAny(uploadFile, {
        method: 'POST',
        path: `/api/web/tasks/${taskId}/files`,
        params: { id: taskId },
        body: fileForm('photo.png', pngBytes()),
        cookie: a.workerCookie,
        headers: { 'Idempotency-Key': fileKey },
      });
    const firstFile = await upload();
    const replayedFile = await upload();
    expect(firstFile.status, JSON.stringify(firstFile.body)).toBe(200);
    expect([replayedFile.status, replayedFile.body]).toEqual([200, firstFile.body]);
    expect(replayedFile.response.headers.get('idempotent-replay')).toBe('true');
    expect(await rowsOf(taskFiles, taskId)).toBe(1);

    const signatureKey = newKey();
    const sign = () =>
      callAny(addSignature, {
        method: 'POST',
        path: `/api/web/tasks/${taskId}/signature`,
        params: { id: taskId },
        body: fileForm('signature', pngBytes()),
        cookie: a.workerCookie,
        headers: { 'Idempotency-Key': signatureKey },
      });
    const firstSignature = await sign();
    expect(firstSignature.status).toBe(200);
    expect((await sign()).body).toEqual(firstSignature.body);
    expect(await rowsOf(taskSignatures, taskId)).toBe(1);
  });

  it('runs only one of two concurrent requests with one key', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    const key = newKey();
    const answers = await Promise.all([note(taskId, key), note(taskId, key), note(taskId, key)]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expectError(answer, 409, 'request.idempotencyInProgress');
    }
    expect(await rowsOf(taskNotes, taskId)).toBe(1);
  });
});

describe('keys that do not replay', () => {
  it('refuses the key on another call with 422 and writes nothing', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    const otherTask = await taskOn(a, localDay(a, 0));
    const key = newKey();
    expect((await note(taskId, key)).status).toBe(200);
    expectError(await note(otherTask, key), 422, 'request.idempotencyKeyReused');
    expectError(await changeStatus(taskId, { statusId: 2 }, a.workerCookie, { 'Idempotency-Key': key }), 422, 'request.idempotencyKeyReused');
    expect(await rowsOf(taskNotes, otherTask)).toBe(0);
    expect(await timelineOf(taskId)).toEqual([]);
  });

  it('keeps no refusal: the same key runs again once the request can succeed', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    const key = newKey();
    expectError(await changeStatus(taskId, { statusId: 3 }, a.workerCookie, { 'Idempotency-Key': key }), 422, 'task.statusChangeNotAllowed');
    expectError(await note(taskId, key, ''), 400, 'request.invalid');
    expect((await note(taskId, key)).status).toBe(200);
    expect(await rowsOf(taskNotes, taskId)).toBe(1);
  });

  it("gives each user their own keys, and another user's replay does not see the first answer", async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    const key = newKey();
    await note(taskId, key);
    const manager = await signIn((await createUser(a.tenantId, { tasksManager: true })).username);
    expect((await note(taskId, key, 'From the office', manager)).status).toBe(200);
    expect(await rowsOf(taskNotes, taskId)).toBe(2);
  });

  it('lets a key older than 24 hours stand for a new write', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    const key = newKey();
    await note(taskId, key);
    const db = await getDb();
    await db
      .update(idempotencyKeys)
      .set({ created: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.tenantId, a.tenantId), eq(idempotencyKeys.key, key)));
    expect((await note(taskId, key)).status).toBe(200);
    expect(await rowsOf(taskNotes, taskId)).toBe(2);
  });

  it('refuses a malformed key with 400 and runs writes without a key every time', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    expectError(await note(taskId, 'short'), 400, 'request.invalid');
    for (let i = 0; i < 2; i += 1) {
      const plain = await callJson(addNote, { method: 'POST', params: { id: taskId }, json: { note: 'x' }, cookie: a.workerCookie });
      expect(plain.status).toBe(200);
    }
    expect(await rowsOf(taskNotes, taskId)).toBe(2);
  });
});
