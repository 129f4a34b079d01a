import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETE as deleteFile, GET as serveFile, PUT as replaceFile } from '@/app/api/web/tasks/[id]/files/[fileId]/route';
import { PUT as describeFile } from '@/app/api/web/tasks/[id]/files/[fileId]/description/route';
import { GET as listFiles, POST as uploadFile } from '@/app/api/web/tasks/[id]/files/route';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { storedFiles, taskFiles, tasks } from '@/db/schema';
import type { TaskFileView } from '@/lib/contract/task-files';
import { getDb } from '@/lib/server/core/db';
import { bmpBytes, elfBytes, gifBytes, jpegBytes, pdfBytes, peBytes, pngBytes, svgWithScript, tiffBytes, wbmpBytes } from '../../support/sample-files';
import { createUser } from '../setup/fixtures';
import { expectTenantIsolation, signIn, type CrossTenantCase } from '../setup/http';
import { collectTaskEvents, expectError, logsOf, seedTask, taskCompany, useTemporaryStorage, type TaskCompany } from '../tasks/helpers';
import { callAny, fileForm, storedFileCount, storedPath, updatedOf } from './helpers';
import { codesOf, messagesOf } from '@/lib/contract/errors';

let storageDir: string;
let a: TaskCompany;
let b: TaskCompany;

beforeAll(async () => {
  storageDir = useTemporaryStorage();
  a = await taskCompany();
  b = await taskCompany();
});

const newTask = (company: TaskCompany = a) => seedTask(company.tenantId, { typeId: company.types.survey });

function upload(taskId: number, body: FormData, cookie = a.cookie) {
  return callAny<TaskFileView>(uploadFile, { method: 'POST', path: `/api/web/tasks/${taskId}/files`, params: { id: taskId }, body, cookie });
}

async function uploaded(taskId: number, name = 'photo.png', description?: string): Promise<TaskFileView> {
  const result = await upload(taskId, fileForm(name, pngBytes(), description));
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

async function storageKeyOf(fileId: number): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ key: storedFiles.storageKey })
    .from(taskFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, taskFiles.storedFileId))
    .where(eq(taskFiles.id, fileId));
  return row.key;
}

const imageMessage = 'Only JPG, JPEG, PNG, GIF, BMP, TIF, TIFF and WBMP images are allowed.';

describe('POST tasks/{id}/files', () => {
  it.each([
    ['photo.jpg', 'image/jpeg', jpegBytes()],
    ['photo.JPEG', 'image/jpeg', jpegBytes()],
    ['photo.png', 'image/png', pngBytes()],
    ['anim.gif', 'image/gif', gifBytes()],
    ['scan.bmp', 'image/bmp', bmpBytes()],
    ['scan.tif', 'image/tiff', tiffBytes()],
    ['scan.tiff', 'image/tiff', tiffBytes()],
    ['phone.wbmp', 'image/vnd.wap.wbmp', wbmpBytes()],
  ])('stores %s as %s outside the web root, lists it and logs upload_attachment', async (name, mimeType, bytes) => {
    const taskId = await newTask();
    const before = await updatedOf(taskId);
    const result = await upload(taskId, fileForm(name, bytes, '  Boiler plate  '));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ taskId, filename: name, description: 'Boiler plate', mimeType, sizeBytes: bytes.length, uploaderId: a.owner.id, uploaderName: 'Test User' });
    const key = await storageKeyOf(result.body.id);
    expect(readFileSync(storedPath(storageDir, key))).toEqual(Buffer.from(bytes));
    const list = await callAny<TaskFileView[]>(listFiles, { params: { id: taskId }, cookie: a.cookie });
    expect(list.body).toEqual([result.body]);
    expect(await logsOf(taskId)).toEqual([{ action: 'upload_attachment', oldValue: null, newValue: name, userId: a.owner.id }]);
    expect(await updatedOf(taskId), 'the change moves the task on').toBeGreaterThan(before);
  });

  it('publishes the task on the live stream', async () => {
    const taskId = await newTask();
    const events = await collectTaskEvents(stream, a, () => uploaded(taskId), 1);
    expect(events.map((event) => [event.taskId, event.kind])).toEqual([[taskId, 'updated']]);
  });

  it('refuses a file of 10MB with 413 "Image must smaller than 10MB!" and stores nothing', async () => {
    const taskId = await newTask();
    const files = storedFileCount(storageDir);
    const big = new Uint8Array(10 * 1024 * 1024);
    big.set(pngBytes());
    const result = await upload(taskId, fileForm('big.png', big));
    const error = expectError(result, 413, 'file.tooLarge', 'Image must smaller than 10MB!');
    expect(messagesOf(error.fields).file).toEqual(['Image must smaller than 10MB!']);
    expect(codesOf(error.fields).file).toEqual(['file.tooLarge']);
    expect(storedFileCount(storageDir)).toBe(files);
    expect(await logsOf(taskId)).toEqual([]);
  });

  it('refuses a body that declares more than the limit with 413 before reading it', async () => {
    const taskId = await newTask();
    const result = await callAny(uploadFile, {
      method: 'POST',
      params: { id: taskId },
      body: fileForm('photo.png', pngBytes()),
      headers: { 'content-length': String(20 * 1024 * 1024) },
      cookie: a.cookie,
    });
    expectError(result, 413, 'file.tooLarge', 'Image must smaller than 10MB!');
  });

  it.each([
    ['an ELF executable renamed photo.jpg', 'photo.jpg', elfBytes()],
    ['a PE executable renamed photo.jpg', 'photo.jpg', peBytes()],
    ['an SVG with a script', 'drawing.svg', svgWithScript()],
    ['an SVG with a script renamed .png', 'drawing.png', svgWithScript()],
    ['a PNG named .pdf', 'report.pdf', pngBytes()],
    ['a JPEG named .png', 'photo.png', jpegBytes()],
    ['a PDF (images only on an existing task)', 'report.pdf', pdfBytes()],
    ['a file with no extension', 'photo', pngBytes()],
    ['a WBMP whose header does not fit its length', 'phone.wbmp', wbmpBytes(16, 2, 3)],
  ])('refuses %s with 415 and stores nothing', async (_label, name, bytes) => {
    const taskId = await newTask();
    const files = storedFileCount(storageDir);
    const error = expectError(await upload(taskId, fileForm(name, bytes)), 415, 'file.unsupportedType', imageMessage);
    expect(messagesOf(error.fields).file).toEqual([imageMessage]);
    expect(codesOf(error.fields).file).toEqual(['file.unsupportedType']);
    expect(storedFileCount(storageDir)).toBe(files);
    const list = await callAny<TaskFileView[]>(listFiles, { params: { id: taskId }, cookie: a.cookie });
    expect(list.body).toEqual([]);
  });

  it('refuses a description over 100 characters, and a body without a file', async () => {
    const taskId = await newTask();
    expectError(await upload(taskId, fileForm('photo.png', pngBytes(), 'x'.repeat(101))), 400, 'request.invalid');
    expectError(await upload(taskId, new FormData()), 400, 'request.invalid', 'Choose a file to upload.');
    expect((await uploaded(taskId, 'photo.png', 'x'.repeat(100))).description).toHaveLength(100);
  });
  it('discards the stored bytes when the transaction refuses the change (the task was cancelled meanwhile)', async () => {
    const taskId = await newTask();
    const files = storedFileCount(storageDir);
    const multipart = new Response(fileForm('late.png', pngBytes()));
    const bytes = new Uint8Array(await multipart.arrayBuffer());
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    let reading = () => {};
    const bodyStarted = new Promise<void>((resolve) => (reading = resolve));
    // The body arrives in two halves. The handler asks for the second only once its first check let the upload
    // through; the task is cancelled right then, so the refusal can only come from the transaction.
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulls += 1;
        if (pulls === 1) {
          controller.enqueue(bytes.subarray(0, 100));
          return;
        }
        reading();
        await held;
        controller.enqueue(bytes.subarray(100));
        controller.close();
      },
    });
    const request = new Request(`http://localhost:3000/api/web/tasks/${taskId}/files`, {
      method: 'POST',
      headers: { cookie: a.cookie, 'content-type': multipart.headers.get('content-type') ?? '', origin: 'http://localhost:3000' },
      body,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    const responding = uploadFile(request, { params: Promise.resolve({ id: String(taskId) }) });
    await bodyStarted;
    const db = await getDb();
    await db.update(tasks).set({ statusId: 5, cancelled: new Date() }).where(eq(tasks.id, taskId));
    finish();
    const response = await responding;
    expect(response.status).toBe(422);
    expect(storedFileCount(storageDir), 'no orphan bytes are left in the storage').toBe(files);
    expect(await logsOf(taskId)).toEqual([]);
  });
});

describe('GET tasks/{id}/files/{fileId}', () => {
  it('serves an image inline with its stored type, nosniff, a sandbox policy and the RFC 5987 name', async () => {
    const taskId = await newTask();
    const file = await uploaded(taskId, 'fotò «cantiere» 1.png');
    const path = `/api/web/tasks/${taskId}/files/${file.id}`;
    const { response } = await callAny(serveFile, { params: { id: taskId, fileId: file.id }, path, cookie: a.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="fot_ _cantiere_ 1.png"; filename*=UTF-8''fot%C3%B2%20%C2%ABcantiere%C2%BB%201.png`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pngBytes());
  });

  it('answers a download with ?download=1', async () => {
    const taskId = await newTask();
    const file = await uploaded(taskId);
    const { response } = await callAny(serveFile, { params: { id: taskId, fileId: file.id }, query: { download: '1' }, cookie: a.cookie });
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="photo.png"/);
  });

  it('answers 404 for a file of another task of the same tenant, and for a missing one', async () => {
    const taskId = await newTask();
    const other = await newTask();
    const file = await uploaded(other);
    expectError(await callAny(serveFile, { params: { id: taskId, fileId: file.id }, cookie: a.cookie }), 404, 'taskFile.notFound');
    expectError(await callAny(serveFile, { params: { id: taskId, fileId: 99_999_999 }, cookie: a.cookie }), 404, 'taskFile.notFound');
  });
});

describe('PUT tasks/{id}/files/{fileId} (replace)', () => {
  it('replaces the bytes and name under the same attachment, keeps the description, logs update_attachment', async () => {
    const taskId = await newTask();
    const file = await uploaded(taskId, 'before.png', 'Meter');
    const oldKey = await storageKeyOf(file.id);
    const result = await callAny<TaskFileView>(replaceFile, {
      method: 'PUT',
      params: { id: taskId, fileId: file.id },
      body: fileForm('after.jpg', jpegBytes()),
      cookie: a.cookie,
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ id: file.id, filename: 'after.jpg', description: 'Meter', mimeType: 'image/jpeg' });
    expect(existsSync(storedPath(storageDir, oldKey)), 'the replaced bytes leave the storage').toBe(false);
    const { response } = await callAny(serveFile, { params: { id: taskId, fileId: file.id }, cookie: a.cookie });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(jpegBytes());
    expect((await logsOf(taskId)).at(-1)).toMatchObject({ action: 'update_attachment', oldValue: 'before.png', newValue: 'after.jpg' });
  });

  it('refuses a wrong type with 415 and keeps the attachment as it was', async () => {
    const taskId = await newTask();
    const file = await uploaded(taskId);
    const result = await callAny(replaceFile, { method: 'PUT', params: { id: taskId, fileId: file.id }, body: fileForm('photo.jpg', elfBytes()), cookie: a.cookie });
    expectError(result, 415, 'file.unsupportedType');
    const list = await callAny<TaskFileView[]>(listFiles, { params: { id: taskId }, cookie: a.cookie });
    expect(list.body).toEqual([file]);
  });
});

describe('PUT tasks/{id}/files/{fileId}/description', () => {
  it('changes the description (max 100), clears it when empty, and logs update_attachment_description', async () => {
    const taskId = await newTask();
    const file = await uploaded(taskId, 'photo.png', 'Old');
    const describe = (description: unknown) =>
      callAny<TaskFileView>(describeFile, { method: 'PUT', params: { id: taskId, fileId: file.id }, json: { description }, cookie: a.cookie });
    expect((await describe('New text')).body.description).toBe('New text');
    expectError(await describe('y'.repeat(101)), 400, 'request.invalid');
    expect((await describe('')).body.description).toBeNull();
    const entries = (await logsOf(taskId)).filter((log) => log.action === 'update_attachment_description');
    expect(entries.map((log) => [log.oldValue, log.newValue])).toEqual([['Old', 'New text'], ['New text', null]]);
  });
});

describe('DELETE tasks/{id}/files/{fileId}', () => {
  it('removes the attachment from the list and its bytes from the storage, and logs delete_attachment', async () => {
    const taskId = await newTask();
    const file = await uploaded(taskId, 'gone.png');
    const key = await storageKeyOf(file.id);
    const result = await callAny(deleteFile, { method: 'DELETE', params: { id: taskId, fileId: file.id }, cookie: a.cookie });
    expect(result.status).toBe(200);
    expect((await callAny<TaskFileView[]>(listFiles, { params: { id: taskId }, cookie: a.cookie })).body).toEqual([]);
    expectError(await callAny(serveFile, { params: { id: taskId, fileId: file.id }, cookie: a.cookie }), 404, 'taskFile.notFound');
    expect(existsSync(storedPath(storageDir, key))).toBe(false);
    expect((await logsOf(taskId)).at(-1)).toMatchObject({ action: 'delete_attachment', oldValue: 'gone.png', newValue: null });
    expectError(await callAny(deleteFile, { method: 'DELETE', params: { id: taskId, fileId: file.id }, cookie: a.cookie }), 404, 'taskFile.notFound');
  });
});

describe('attachments of a cancelled task', () => {
  it('are read-only: add, replace, describe and delete answer 422 TASK_CANCELLED; list and view still work', async () => {
    const taskId = await newTask();
    const file = await uploaded(taskId);
    const db = await getDb();
    await db.update(tasks).set({ statusId: 5, cancelled: new Date() }).where(eq(tasks.id, taskId));
    const message = 'The attachments of a cancelled task cannot be changed.';
    expectError(await upload(taskId, fileForm('photo.png', pngBytes())), 422, 'task.cancelled', message);
    expectError(
      await callAny(replaceFile, { method: 'PUT', params: { id: taskId, fileId: file.id }, body: fileForm('photo.png', pngBytes()), cookie: a.cookie }),
      422,
      'task.cancelled',
      message,
    );
    expectError(
      await callAny(describeFile, { method: 'PUT', params: { id: taskId, fileId: file.id }, json: { description: 'x' }, cookie: a.cookie }),
      422,
      'task.cancelled',
      message,
    );
    expectError(await callAny(deleteFile, { method: 'DELETE', params: { id: taskId, fileId: file.id }, cookie: a.cookie }), 422, 'task.cancelled', message);
    expect((await callAny<TaskFileView[]>(listFiles, { params: { id: taskId }, cookie: a.cookie })).body).toEqual([file]);
    expect((await callAny(serveFile, { params: { id: taskId, fileId: file.id }, cookie: a.cookie })).status).toBe(200);
  });
});

describe('who may call', () => {
  it('refuses a billing manager with 403 on every attachment call', async () => {
    const taskId = await newTask();
    const file = await uploaded(taskId);
    const cookie = await signIn((await createUser(a.tenantId, { billingManager: true })).username);
    const params = { id: taskId, fileId: file.id };
    expect((await callAny(listFiles, { params, cookie })).status).toBe(403);
    expect((await upload(taskId, fileForm('photo.png', pngBytes()), cookie)).status).toBe(403);
    expect((await callAny(serveFile, { params, cookie })).status).toBe(403);
    expect((await callAny(replaceFile, { method: 'PUT', params, body: fileForm('p.png', pngBytes()), cookie })).status).toBe(403);
    expect((await callAny(describeFile, { method: 'PUT', params, json: { description: 'x' }, cookie })).status).toBe(403);
    expect((await callAny(deleteFile, { method: 'DELETE', params, cookie })).status).toBe(403);
  });

  // Issue 15: a worker reaches the attachments of their own tasks; any other task answers 404, not 403.
  it('answers 404 to a worker on a task not assigned to them, and 403 to replacing, describing or deleting', async () => {
    const taskId = await newTask();
    const file = await uploaded(taskId);
    const cookie = await signIn(a.worker.username);
    const params = { id: taskId, fileId: file.id };
    expect((await callAny(listFiles, { params, cookie })).status).toBe(404);
    expect((await upload(taskId, fileForm('photo.png', pngBytes()), cookie)).status).toBe(404);
    expect((await callAny(serveFile, { params, cookie })).status).toBe(404);
    expect((await callAny(replaceFile, { method: 'PUT', params, body: fileForm('p.png', pngBytes()), cookie })).status).toBe(403);
    expect((await callAny(describeFile, { method: 'PUT', params, json: { description: 'x' }, cookie })).status).toBe(403);
    expect((await callAny(deleteFile, { method: 'DELETE', params, cookie })).status).toBe(403);
  });

  it('answers 404 to another tenant on every route with an id, exactly like a missing id', async () => {
    const taskB = await newTask(b);
    const made = await upload(taskB, fileForm('b.png', pngBytes()), b.cookie);
    const fileId = made.body.id;
    const cookies = { otherTenantCookie: a.cookie, ownerCookie: b.cookie };
    const cases: Array<CrossTenantCase & { body?: FormData }> = [
      { handler: listFiles, params: { id: taskB }, ...cookies },
      { handler: uploadFile, method: 'POST', params: { id: taskB }, body: fileForm('x.png', pngBytes()), ...cookies },
      { handler: serveFile, params: { id: taskB, fileId }, ...cookies },
      { handler: replaceFile, method: 'PUT', params: { id: taskB, fileId }, body: fileForm('y.png', pngBytes()), ...cookies },
      { handler: describeFile, method: 'PUT', params: { id: taskB, fileId }, json: { description: 'd' }, ...cookies },
      { handler: deleteFile, method: 'DELETE', params: { id: taskB, fileId }, ...cookies },
    ];
    for (const crossTenant of cases) await expectTenantIsolation(crossTenant);
  });
});
