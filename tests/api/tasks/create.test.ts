import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { POST as createTask } from '@/app/api/web/tasks/route';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { storedFiles, taskFiles, tasks, users } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import { call, signIn } from '../setup/http';
import {
  collectTaskEvents,
  expectError,
  future,
  logsOf,
  taskCompany,
  timelineOf,
  useTemporaryStorage,
  type TaskCompany,
  type TaskView,
} from './helpers';
import { codesOf, messagesOf } from '@/lib/contract/errors';

let storageDir: string;
let company: TaskCompany;

beforeAll(async () => {
  storageDir = useTemporaryStorage();
  company = await taskCompany();
});

const pdfBytes = (size = 64) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
};

function form(task: unknown, files: Array<{ name: string; bytes: Uint8Array | string }> = []): FormData {
  const data = new FormData();
  data.set('task', JSON.stringify(task));
  for (const file of files) data.append('file', new File([file.bytes as BlobPart], file.name));
  return data;
}

async function post(body: FormData, cookie = company.cookie) {
  const response = await call(createTask, { method: 'POST', path: '/api/web/tasks', body, cookie });
  return { status: response.status, body: (await response.json()) as unknown };
}

const minimal = () => ({ typeId: company.types.survey });

describe('POST tasks', () => {
  it('creates a pending task with the next reference number, the default title, its timeline and task_created', async () => {
    const first = await post(form({ ...minimal(), clientId: company.clients.active }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const task = first.body as TaskView;
    expect(task).toMatchObject({
      title: 'Survey - Rossi Srl',
      typeId: company.types.survey,
      type: { id: company.types.survey, type: 'Survey' },
      client: { id: company.clients.active, displayName: 'Rossi Srl' },
      statusId: 1,
      billingStatusId: 1,
      appointment: null,
      scheduleDate: null,
      estimatedDuration: 30,
      actualDuration: null,
    });
    const second = (await post(form({ ...minimal(), title: 'My own title' }))).body as TaskView;
    expect(second.title).toBe('My own title');
    expect(second.referenceNumber).toBe(task.referenceNumber + 1);
    expect(await timelineOf(task.id)).toEqual([1]);
    expect((await logsOf(task.id)).map((log) => log.action)).toEqual(['task_created']);
    expect((await logsOf(task.id))[0].userId).toBe(company.owner.id);
  });

  it('takes the title "{task type}" when there is no client', async () => {
    const result = await post(form(minimal()));
    expect((result.body as TaskView).title).toBe('Survey');
  });

  it('stores a PDF and a CSV outside the web root with their rows and upload_attachment entries', async () => {
    const result = await post(
      form({ ...minimal(), appointment: { date: future(2) }, assigneeId: company.worker.id }, [
        { name: 'report.PDF', bytes: pdfBytes() },
        { name: 'parts.csv', bytes: 'item,qty\nvalve,2\n' },
      ]),
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const task = result.body as TaskView;
    expect(task.assignee).toMatchObject({ id: company.worker.id, name: 'Test' });
    const db = await getDb();
    const files = await db
      .select({ filename: taskFiles.filename, key: storedFiles.storageKey, mime: storedFiles.mimeType, size: storedFiles.sizeBytes })
      .from(taskFiles)
      .innerJoin(storedFiles, eq(storedFiles.id, taskFiles.storedFileId))
      .where(eq(taskFiles.taskId, task.id));
    expect(files.map((file) => [file.filename, file.mime]).sort()).toEqual([
      ['parts.csv', 'text/csv'],
      ['report.PDF', 'application/pdf'],
    ]);
    for (const file of files) {
      const onDisk = path.join(storageDir, ...file.key.split('/'));
      expect(existsSync(onDisk)).toBe(true);
      expect(readFileSync(onDisk).byteLength).toBe(file.size);
      expect(file.key.startsWith(`${company.tenantId}/`)).toBe(true);
    }
    expect((await logsOf(task.id)).map((log) => log.action)).toEqual(['task_created', 'upload_attachment', 'upload_attachment']);
  });

  it.each([
    ['a PNG', 'photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['a binary named .pdf', 'fake.pdf', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00])],
    ['a binary named .csv', 'fake.csv', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00])],
    ['a PDF named .txt', 'report.txt', pdfBytes()],
  ])('refuses %s: "Only PDF and CSV files are allowed." and creates nothing', async (_label, name, bytes) => {
    const db = await getDb();
    const before = (await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.tenantId, company.tenantId))).length;
    const result = await post(form(minimal(), [{ name, bytes }]));
    const error = expectError(result, 415, 'file.unsupportedType', 'Only PDF and CSV files are allowed.');
    expect(messagesOf(error.fields).file).toEqual(['Only PDF and CSV files are allowed.']);
    expect(codesOf(error.fields).file).toEqual(['file.unsupportedType']);
    expect((await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.tenantId, company.tenantId))).length).toBe(before);
  });

  it('refuses files of 10 MB together: "Total file size must be under 10MB."', async () => {
    const half = pdfBytes(5 * 1024 * 1024);
    const result = await post(form(minimal(), [
      { name: 'a.pdf', bytes: half },
      { name: 'b.pdf', bytes: half },
    ]));
    expectError(result, 413, 'file.tooLarge', 'Total file size must be under 10MB.');
  });

  it('requires the task type, and a task part that is JSON', async () => {
    const missingType = expectError(await post(form({ description: 'no type' })), 400, 'request.invalid');
    expect(messagesOf(missingType.fields).typeId).toEqual(['Task type is required']);
    expect(codesOf(missingType.fields).typeId).toEqual(['validation.required']);
    const data = new FormData();
    data.set('task', '{not json');
    expectError(await post(data), 400, 'request.invalid');
    expectError(await post(new FormData()), 400, 'request.invalid');
  });

  it('limits the description to 100 characters', async () => {
    const error = expectError(await post(form({ ...minimal(), description: 'x'.repeat(101) })), 400, 'request.invalid');
    expect(messagesOf(error.fields).description).toEqual(['Description must be at most 100 characters.']);
    expect(error.fields?.description).toEqual([{ code: 'validation.tooLong', params: { max: 100 }, message: 'Description must be at most 100 characters.' }]);
    expect((await post(form({ ...minimal(), description: 'x'.repeat(100) }))).status).toBe(200);
  });

  it("checks ON_SAVE custom fields: '{fields} are required' with 'Field is required' on the field", async () => {
    const result = await post(form({ typeId: company.types.repair }));
    const error = expectError(result, 400, 'task.customFieldsRequired', 'Customer PO number are required');
    expect(messagesOf(error.fields)).toEqual({ [`customFieldValues.${company.fields.purchaseOrder}`]: ['Field is required'] });
    expect(codesOf(error.fields)).toEqual({ [`customFieldValues.${company.fields.purchaseOrder}`]: ['task.customFieldRequired'] });
    expect(error.params).toEqual({ fields: 'Customer PO number' });
    const blank = await post(
      form({ typeId: company.types.repair, customFieldValues: [{ customFieldId: company.fields.purchaseOrder, fieldValue: '  ' }] }),
    );
    expectError(blank, 400, 'task.customFieldsRequired');
    const saved = await post(
      form({ typeId: company.types.repair, customFieldValues: [{ customFieldId: company.fields.purchaseOrder, fieldValue: 'PO-1' }] }),
    );
    expect(saved.status).toBe(200);
    expect((saved.body as TaskView).customFieldValues).toEqual([
      expect.objectContaining({
        customFieldId: company.fields.purchaseOrder,
        customFieldName: 'Customer PO number',
        fieldValue: 'PO-1',
        fieldType: 'TEXT',
        requiredType: 'ON_SAVE',
      }),
    ]);
  });

  it('checks quantity values: a quantity for every item, a valid one, up to 10 digits', async () => {
    const withMaterials = (items: unknown) =>
      post(
        form({
          typeId: company.types.repair,
          customFieldValues: [
            { customFieldId: company.fields.purchaseOrder, fieldValue: 'PO-2' },
            { customFieldId: company.fields.materials, fieldValue: JSON.stringify(items) },
          ],
        }),
      );
    const field = `customFieldValues.${company.fields.materials}`;
    const cases: Array<[unknown, string]> = [
      [[{ id: 1, value: 'Filter' }], 'Quantity of the item is required'],
      [[{ id: 1, value: 'Filter', quantity: -2 }], 'Please enter a valid quantity'],
      [[{ id: 1, value: 'Filter', quantity: 12345678901 }], 'Input must be up to 10 digits.'],
    ];
    for (const [items, message] of cases) {
      const refused = expectError(await withMaterials(items), 400, 'request.invalid');
      expect(messagesOf(refused.fields)[field]).toEqual([message]);
      expect(codesOf(refused.fields)[field]).toEqual(['task.valueNotQuantityList']);
    }
    expect((await withMaterials([{ id: 1, value: 'Filter', quantity: 3 }])).status).toBe(200);
  });

  it('refuses deleted task types and clients for a new task', async () => {
    const error = expectError(
      await post(form({ typeId: company.types.deleted, clientId: company.clients.deleted })),
      400,
      'request.invalid',
    );
    expect(messagesOf(error.fields)).toEqual({
      typeId: ['The task type has been deleted.'],
      clientId: ['The client has been deleted.'],
    });
    expect(codesOf(error.fields)).toEqual({ typeId: ['task.typeDeleted'], clientId: ['task.clientDeleted'] });
  });

  it('answers 400 for an appointment date that is not a real instant, instead of making the task without a date', async () => {
    const [before] = await (await getDb()).select({ count: count() }).from(tasks).where(eq(tasks.tenantId, company.tenantId));
    for (const date of ['2027-02-31T09:00:00Z', '31/02/2027', '2027-02-28', '']) {
      const refused = expectError(await post(form({ ...minimal(), appointment: { date } })), 400, 'request.invalid');
      expect(refused.fields?.['appointment.date'], date).toHaveLength(1);
    }
    const noDate = expectError(await post(form({ ...minimal(), appointment: {} })), 400, 'request.invalid');
    expect(Object.keys(noDate.fields ?? {})).toEqual(['appointment.date']);
    const [after] = await (await getDb()).select({ count: count() }).from(tasks).where(eq(tasks.tenantId, company.tenantId));
    expect(after.count).toBe(before.count);
  });

  it('allows a worker only with a date, in the future, and only an active, non-deleted worker', async () => {
    const noDate = expectError(await post(form({ ...minimal(), assigneeId: company.worker.id })), 400, 'request.invalid');
    expect(messagesOf(noDate.fields).assigneeId).toEqual(['A worker can only be chosen after the date and the task type.']);
    expect(codesOf(noDate.fields).assigneeId).toEqual(['task.workerNeedsDate']);

    const past = new Date(Date.now() - 60_000).toISOString();
    const inPast = expectError(await post(form({ ...minimal(), appointment: { date: past } })), 400, 'request.invalid');
    expect(messagesOf(inPast.fields)['appointment.date']).toEqual(['The schedule date must be after the current date.']);
    expect(codesOf(inPast.fields)['appointment.date']).toEqual(['task.appointmentInPast']);

    const inactive = await createUser(company.tenantId, { assignee: true, active: false });
    const deleted = await createUser(company.tenantId, { assignee: true, deleted: new Date() });
    const manager = await createUser(company.tenantId, { tasksManager: true });
    for (const user of [inactive, deleted, manager]) {
      const result = await post(form({ ...minimal(), appointment: { date: future(1) }, assigneeId: user.id }));
      const refused = expectError(result, 400, 'request.invalid');
      expect(messagesOf(refused.fields).assigneeId).toEqual(['Only active workers can be assigned.']);
      expect(codesOf(refused.fields).assigneeId).toEqual(['task.workerNotActive']);
    }
  });

  it('takes the appointment duration from the task type unless given, and shows the date in the tenant zone', async () => {
    const task = (await post(form({ ...minimal(), appointment: { date: '2099-07-01T22:30:00Z' } }))).body as TaskView;
    expect(task.appointment).toEqual({ date: '2099-07-01T22:30:00.000Z', durationMins: 30 });
    expect(task).toMatchObject({ scheduleDate: '2099-07-02', scheduleTime: '00:30', estimatedDuration: 30 });
    const winter = (await post(form({ ...minimal(), appointment: { date: '2099-01-10T23:15:00Z', durationMins: 45 } })))
      .body as TaskView;
    expect(winter).toMatchObject({ scheduleDate: '2099-01-11', scheduleTime: '00:15', estimatedDuration: 45 });
  });

  it('refuses a worker and a billing manager (403), and an anonymous caller (401)', async () => {
    const workerCookie = await signIn(company.worker.username);
    expectError(await post(form(minimal()), workerCookie), 403, 'auth.forbidden', 'You are not allowed to perform this operation.');
    const billing = await createUser(company.tenantId, { billingManager: true });
    expectError(await post(form(minimal()), await signIn(billing.username)), 403, 'auth.forbidden');
    expect((await post(form(minimal()), '')).status).toBe(401);
  });

  it('publishes the created task to the live stream', async () => {
    let created: TaskView | undefined;
    const events = await collectTaskEvents(stream, company, async () => {
      created = (await post(form(minimal()))).body as TaskView;
    }, 1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ taskId: created?.id, kind: 'created', task: { id: created?.id, title: 'Survey' } });
  });

  it('keeps reference numbers per tenant and never reuses one', async () => {
    const db = await getDb();
    const [owner] = await db.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, company.owner.id));
    const numbers = await db
      .select({ referenceNumber: tasks.referenceNumber })
      .from(tasks)
      .where(eq(tasks.tenantId, owner.tenantId));
    const list = numbers.map((row) => row.referenceNumber);
    expect(new Set(list).size).toBe(list.length);
  });
});
