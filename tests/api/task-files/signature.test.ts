import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as serveSignature } from '@/app/api/web/tasks/[id]/signature/[signatureId]/route';
import { GET as listSignatures, POST as addSignature } from '@/app/api/web/tasks/[id]/signature/route';
import { tasks } from '@/db/schema';
import type { TaskSignatureView } from '@/lib/contract/task-files';
import { getDb } from '@/lib/server/core/db';
import { jpegBytes, pngBytes } from '../../support/sample-files';
import { createUser } from '../setup/fixtures';
import { expectTenantIsolation, signIn } from '../setup/http';
import { expectError, logsOf, seedTask, taskCompany, useTemporaryStorage, type TaskCompany } from '../tasks/helpers';
import { callAny, fileForm, storedFileCount, updatedOf } from './helpers';

let storageDir: string;
let a: TaskCompany;
let b: TaskCompany;
let workerCookie: string;

beforeAll(async () => {
  storageDir = useTemporaryStorage();
  a = await taskCompany();
  b = await taskCompany();
  workerCookie = await signIn(a.worker.username);
});

const newTask = (company: TaskCompany = a, assigneeId: number | null = null) =>
  seedTask(company.tenantId, { typeId: company.types.survey, assigneeId });

function sign(taskId: number, bytes: Uint8Array, cookie = a.cookie, name = 'blob') {
  return callAny<TaskSignatureView>(addSignature, {
    method: 'POST',
    params: { id: taskId },
    body: fileForm(name, bytes),
    cookie,
  });
}

describe('POST tasks/{id}/signature', () => {
  it('stores the PNG under a name of its own, logs add_signature and lists the newest first', async () => {
    const taskId = await newTask();
    const before = await updatedOf(taskId);
    const first = await sign(taskId, pngBytes(40, 20));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ taskId, uploaderId: a.owner.id, uploaderName: 'Test User' });
    expect(first.body.filename).toMatch(/^signature-\d{8}-\d{6}\.png$/);
    const second = await sign(taskId, pngBytes(60, 20));
    const list = await callAny<TaskSignatureView[]>(listSignatures, { params: { id: taskId }, cookie: a.cookie });
    expect(list.body.map((signature) => signature.id)).toEqual([second.body.id, first.body.id]);
    expect((await logsOf(taskId)).map((log) => [log.action, log.newValue])).toEqual([
      ['add_signature', first.body.filename],
      ['add_signature', second.body.filename],
    ]);
    expect(await updatedOf(taskId)).toBeGreaterThan(before);
  });

  it('refuses anything but PNG bytes with 415, whatever the name, and stores nothing', async () => {
    const taskId = await newTask();
    const files = storedFileCount(storageDir);
    expectError(await sign(taskId, jpegBytes(), a.cookie, 'signature.png'), 415, 'file.unsupportedType', 'The signature must be a PNG image.');
    expect(storedFileCount(storageDir)).toBe(files);
  });

  it('refuses a signature of 1 MB or more with 413', async () => {
    const taskId = await newTask();
    const big = new Uint8Array(1024 * 1024);
    big.set(pngBytes());
    expectError(await sign(taskId, big), 413, 'file.tooLarge', 'The signature must be under 1MB.');
  });

  it('refuses a cancelled task with 422', async () => {
    const taskId = await newTask();
    const db = await getDb();
    await db.update(tasks).set({ statusId: 5, cancelled: new Date() }).where(eq(tasks.id, taskId));
    expectError(await sign(taskId, pngBytes()), 422, 'task.cancelled');
  });
});

describe('a worker and the signature', () => {
  it('may add and read the signature of a task assigned to them', async () => {
    const taskId = await newTask(a, a.worker.id);
    const added = await sign(taskId, pngBytes(), workerCookie);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.uploaderId).toBe(a.worker.id);
    const list = await callAny<TaskSignatureView[]>(listSignatures, { params: { id: taskId }, cookie: workerCookie });
    expect(list.body.map((signature) => signature.id)).toEqual([added.body.id]);
    const image = await callAny(serveSignature, { params: { id: taskId, signatureId: added.body.id }, cookie: workerCookie });
    expect(image.status).toBe(200);
  });

  // Issue 15 changed the rule: another worker's task answers 404 as if it did not exist (it was 403).
  it("is answered 404 on another worker's task", async () => {
    const otherWorker = await createUser(a.tenantId, { assignee: true });
    const taskId = await newTask(a, otherWorker.id);
    const signed = await sign(taskId, pngBytes());
    expect((await sign(taskId, pngBytes(), workerCookie)).status).toBe(404);
    expect((await callAny(listSignatures, { params: { id: taskId }, cookie: workerCookie })).status).toBe(404);
    expect((await callAny(serveSignature, { params: { id: taskId, signatureId: signed.body.id }, cookie: workerCookie })).status).toBe(404);
  });

  it('refuses a billing manager with 403', async () => {
    const billing = await signIn((await createUser(a.tenantId, { billingManager: true })).username);
    const taskId = await newTask();
    expect((await sign(taskId, pngBytes(), billing)).status).toBe(403);
    expect((await callAny(listSignatures, { params: { id: taskId }, cookie: billing })).status).toBe(403);
  });
});

describe('GET tasks/{id}/signature/{signatureId}', () => {
  it('serves the image inline as image/png with nosniff and a sandbox policy', async () => {
    const taskId = await newTask();
    const bytes = pngBytes(30, 10);
    const signed = await sign(taskId, bytes);
    const path = `/api/web/tasks/${taskId}/signature/${signed.body.id}`;
    const { response } = await callAny(serveSignature, { params: { id: taskId, signatureId: signed.body.id }, path, cookie: a.cookie });
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="signature-/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('answers 404 for a signature of another task', async () => {
    const taskId = await newTask();
    const other = await newTask();
    const signed = await sign(other, pngBytes());
    expectError(await callAny(serveSignature, { params: { id: taskId, signatureId: signed.body.id }, cookie: a.cookie }), 404, 'taskSignature.notFound');
  });

  it('answers 404 to another tenant on every signature route, exactly like a missing id', async () => {
    const taskB = await newTask(b);
    const signed = await sign(taskB, pngBytes(), b.cookie);
    const cookies = { otherTenantCookie: a.cookie, ownerCookie: b.cookie };
    await expectTenantIsolation({ handler: listSignatures, params: { id: taskB }, ...cookies });
    await expectTenantIsolation({ handler: serveSignature, params: { id: taskB, signatureId: signed.body.id }, ...cookies });
    const post = { handler: addSignature, method: 'POST', params: { id: taskB }, body: fileForm('blob', pngBytes()), ...cookies };
    await expectTenantIsolation(post);
  });
});
