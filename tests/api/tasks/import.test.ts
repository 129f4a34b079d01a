import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { GET as sample } from '@/app/api/web/tasks/upload/csv/sample/route';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { customFieldValues, tenants, users } from '@/db/schema';
import { codesOf, messagesOf, type ApiErrorBody } from '@/lib/contract/errors';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import { call, signIn } from '../setup/http';
import { collectTaskEvents, logsOf, seedTask, taskCompany, timelineOf, type TaskCompany } from './helpers';
import {
  csvText,
  importCsv,
  nextReferenceNumber,
  streamedLines,
  taskByReference,
  taskCount,
  upload,
} from './import-helpers';

let company: TaskCompany;

beforeAll(async () => {
  company = await taskCompany();
  const db = await getDb();
  // A zone far from UTC, so a date read in UTC or in the server's zone would show.
  await db.update(tenants).set({ timeZone: 'America/New_York' }).where(eq(tenants.id, company.tenantId));
  await db.update(users).set({ name: 'Marco', surname: 'Verdi' }).where(eq(users.id, company.worker.id));
});

const header = ['externalReference', 'taskType', 'client', 'scheduleDate', 'scheduleTime', 'worker', 'Customer PO number'];

describe('POST tasks/upload/csv: the file', () => {
  it('refuses an unknown column with import.invalidHeader, naming it with its own code, and writes nothing', async () => {
    const before = await taskCount(company.tenantId);
    const response = await upload(csvText(['taskType', 'colour'], [['Survey', 'red']]), { cookie: company.cookie });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error.code).toBe('import.invalidHeader');
    expect(body.error.fields?.csvFile).toEqual([{ code: 'import.unknownColumn', params: { column: 'colour' }, message: 'Unknown column "colour".' }]);
    expect(await taskCount(company.tenantId)).toBe(before);
  });

  it('refuses a header without taskType, or with a column twice', async () => {
    const missing = await upload(csvText(['client'], [['Rossi Srl']]), { cookie: company.cookie });
    expect(missing.status).toBe(400);
    const missingBody = (await missing.json()) as ApiErrorBody;
    expect(missingBody.error.code).toBe('import.invalidHeader');
    expect(missingBody.error.fields?.csvFile).toEqual([
      { code: 'import.columnRequired', params: { column: 'taskType' }, message: 'The column "taskType" is required.' },
    ]);
    const twice = await upload(csvText(['taskType', 'TaskType'], [['Survey', 'Survey']]), { cookie: company.cookie });
    const twiceBody = (await twice.json()) as ApiErrorBody;
    expect(twiceBody.error.code).toBe('import.invalidHeader');
    expect(codesOf(twiceBody.error.fields)).toEqual({ csvFile: ['import.columnRepeated'] });
  });

  it('accepts only .csv files of text: another kind is 415', async () => {
    const named = await upload(csvText(['taskType'], [['Survey']]), { cookie: company.cookie, fileName: 'tasks.xlsx' });
    expect(named.status).toBe(415);
    const namedBody = (await named.json()) as ApiErrorBody;
    expect(namedBody.error.code).toBe('import.notCsv');
    expect(messagesOf(namedBody.error.fields)).toEqual({ csvFile: ['Only .csv files can be imported.'] });
    const binary = await upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]), { cookie: company.cookie });
    expect(binary.status).toBe(415);
    const binaryBody = (await binary.json()) as ApiErrorBody;
    expect(binaryBody.error.code).toBe('import.notText');
    expect(messagesOf(binaryBody.error.fields)).toEqual({ csvFile: ['The file is not a text CSV file.'] });
  });

  it('is for tasks managers only', async () => {
    const worker = await createUser(company.tenantId, { assignee: true });
    const response = await upload(csvText(['taskType'], [['Survey']]), { cookie: await signIn(worker.username) });
    expect(response.status).toBe(403);
  });
});

describe('POST tasks/upload/csv: importing', () => {
  it('creates each task with the rules of POST tasks: numbers, title, zone, values, timeline, task_created and a live event', async () => {
    const firstNumber = await nextReferenceNumber(company.tenantId);
    const text = csvText(header, [
      ['IMP-1', 'Boiler repair', 'Rossi Srl', '2026-07-01', '09:30', company.worker.username, 'PO-77'],
      ['IMP-2', 'Survey', '', '', '', '', ''],
    ]);
    let result: Awaited<ReturnType<typeof importCsv>> | undefined;
    const events = await collectTaskEvents(
      stream,
      { cookie: company.cookie, tenantId: company.tenantId },
      async () => {
        result = await importCsv(text, { cookie: company.cookie });
      },
      2,
    );
    expect(result).toEqual({
      importId: expect.stringMatching(/^[0-9a-f]{16}$/),
      validateOnly: false,
      processedRecordsCount: 2,
      importedCount: 2,
      invalidCount: 0,
      alreadyExistsCount: 0,
      alreadyImportedCount: 0,
      lineErrors: {},
      lineProblems: {},
    });
    const repair = await taskByReference(company.tenantId, 'IMP-1');
    expect(repair).toMatchObject({
      title: 'Boiler repair - Rossi Srl',
      typeId: company.types.repair,
      clientId: company.clients.active,
      assigneeId: company.worker.id,
      durationMins: 90,
      statusId: 1,
      billingStatusId: 1,
      referenceNumber: firstNumber,
    });
    // 09:30 on the tenant's clock in New York (summer time, UTC-4).
    expect(repair.appointmentDate?.toISOString()).toBe('2026-07-01T13:30:00.000Z');
    const survey = await taskByReference(company.tenantId, 'IMP-2');
    expect(survey).toMatchObject({ title: 'Survey', appointmentDate: null, referenceNumber: firstNumber + 1 });
    const db = await getDb();
    const values = await db
      .select({ customFieldId: customFieldValues.customFieldId, fieldValue: customFieldValues.fieldValue })
      .from(customFieldValues)
      .where(and(eq(customFieldValues.tenantId, company.tenantId), eq(customFieldValues.taskId, repair.id)))
      .orderBy(asc(customFieldValues.customFieldId));
    expect(values).toEqual([{ customFieldId: company.fields.purchaseOrder, fieldValue: 'PO-77' }]);
    expect(await timelineOf(repair.id)).toEqual([1]);
    expect(await logsOf(repair.id)).toEqual([
      { action: 'task_created', oldValue: null, newValue: String(firstNumber), userId: company.owner.id },
    ]);
    expect(events.map((event) => [event.kind, event.taskId])).toEqual([
      ['created', repair.id],
      ['created', survey.id],
    ]);
    expect(events[0].task).toMatchObject({ scheduleDate: '2026-07-01', scheduleTime: '09:30', referenceNumber: firstNumber });
  });

  it('validateOnly=true reports what would happen and writes nothing, not even a reference number', async () => {
    const before = { tasks: await taskCount(company.tenantId), next: await nextReferenceNumber(company.tenantId) };
    const text = csvText(header, [
      ['DRY-1', 'Survey', '', '', '', '', ''],
      ['DRY-2', 'Nope', '', '', '', '', ''],
    ]);
    const result = await importCsv(text, { cookie: company.cookie, validateOnly: true });
    expect(result).toEqual({
      importId: expect.stringMatching(/^[0-9a-f]{16}$/),
      validateOnly: true,
      processedRecordsCount: 2,
      importedCount: 1,
      invalidCount: 1,
      alreadyExistsCount: 0,
      alreadyImportedCount: 0,
      lineErrors: { '3': ['taskType: No task type is named "Nope".'] },
      lineProblems: { '3': [{ column: 'taskType', code: 'import.taskTypeNotFound', params: { name: 'Nope' } }] },
    });
    expect(await taskCount(company.tenantId)).toBe(before.tasks);
    expect(await nextReferenceNumber(company.tenantId)).toBe(before.next);
  });

  it('counts a line whose external reference a task has, or an earlier line of the file has, as already existing', async () => {
    await seedTask(company.tenantId, { typeId: company.types.survey, externalReference: 'OLD-1' });
    const text = csvText(['externalReference', 'taskType'], [
      ['OLD-1', 'Survey'],
      ['NEW-1', 'Survey'],
      ['NEW-1', 'Survey'],
      ['', 'Survey'],
    ]);
    const result = await importCsv(text, { cookie: company.cookie });
    expect(result).toMatchObject({ processedRecordsCount: 4, importedCount: 2, invalidCount: 0, alreadyExistsCount: 2 });
    expect(result.lineErrors).toEqual({
      '2': ['externalReference: A task with the external reference "OLD-1" already exists.'],
      '4': ['externalReference: The external reference "NEW-1" is already on line 3 of this file.'],
    });
    const again = await importCsv(csvText(['externalReference', 'taskType'], [['NEW-1', 'Survey']]), { cookie: company.cookie });
    expect(again).toMatchObject({ importedCount: 0, alreadyExistsCount: 1 });
  });

  it('matches task types, clients, workers and columns by name whatever the case', async () => {
    const text = csvText(['TASKTYPE', 'Client', 'scheduledate', 'Worker', 'customer po NUMBER', 'externalReference'], [
      ['boiler REPAIR', 'ROSSI srl', '2026-08-03', company.worker.username.toUpperCase(), 'PO-1', 'CASE-1'],
      ['  boiler   repair ', 'rossi SRL', '2026-08-03', 'marco VERDI', 'PO-2', 'CASE-2'],
    ]);
    const result = await importCsv(text, { cookie: company.cookie });
    expect(result).toMatchObject({ importedCount: 2, invalidCount: 0 });
    for (const reference of ['CASE-1', 'CASE-2']) {
      expect(await taskByReference(company.tenantId, reference)).toMatchObject({
        typeId: company.types.repair,
        clientId: company.clients.active,
        assigneeId: company.worker.id,
      });
    }
  });

  it('accepts schedule dates in the past: an import brings history in', async () => {
    const result = await importCsv(csvText(['taskType', 'scheduleDate', 'externalReference'], [['Survey', '2020-01-15', 'PAST-1']]), {
      cookie: company.cookie,
    });
    expect(result.importedCount).toBe(1);
    const task = await taskByReference(company.tenantId, 'PAST-1');
    // Midnight in New York in winter (UTC-5).
    expect(task.appointmentDate?.toISOString()).toBe('2020-01-15T05:00:00.000Z');
  });

  it('streams progress lines then the result when asked for NDJSON', async () => {
    const response = await upload(csvText(['taskType'], [['Survey'], ['Survey']]), {
      cookie: company.cookie,
      accept: 'application/x-ndjson',
    });
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = await streamedLines(response);
    const result = lines.at(-1);
    expect(result).toMatchObject({ type: 'result', importedCount: 2, processedRecordsCount: 2, importId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const importId = result?.type === 'result' ? result.importId : '';
    expect(lines[0]).toEqual({ type: 'progress', importId, processed: 0, total: 2 });
    expect(lines.at(-2)).toEqual({ type: 'progress', importId, processed: 2, total: 2 });
  });
});

describe('GET tasks/upload/csv/sample', () => {
  it("serves a sample with the company's custom field columns that imports as it is", async () => {
    const response = await call(sample, { path: '/api/web/tasks/upload/csv/sample', cookie: company.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('tasks-import-sample.csv');
    const text = await response.text();
    const headerLine = text.replace(/^\ufeff/, '').split('\r\n')[0];
    expect(headerLine.split(',')).toEqual(expect.arrayContaining(['externalReference', 'taskType', 'Customer PO number', 'Materials used']));
    const result = await importCsv(text, { cookie: company.cookie });
    expect(result).toMatchObject({ processedRecordsCount: 2, importedCount: 2, invalidCount: 0 });
  });
});
