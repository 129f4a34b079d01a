import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { taskTypes, users } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import { POST as createTask } from '@/app/api/web/tasks/route';
import type { ApiErrorBody, Problem } from '@/lib/contract/errors';
import { isCatalogued } from '@/lib/contract/problems';
import { getDb } from '@/lib/server/core/db';
import { createCompany, createUser } from '../setup/fixtures';
import { call } from '../setup/http';
import { future, taskCompany, type TaskCompany } from './helpers';
import { csvText, importCsv, taskByReference } from './import-helpers';

let company: TaskCompany;
let inactiveWorker: string;
let inactiveWorkerId: number;
let deletedWorker: string;
let notAWorker: string;

beforeAll(async () => {
  company = await taskCompany();
  const db = await getDb();
  const inactive = await createUser(company.tenantId, { assignee: true, active: false });
  inactiveWorker = inactive.username;
  inactiveWorkerId = inactive.id;
  deletedWorker = (await createUser(company.tenantId, { assignee: true, deleted: new Date() })).username;
  notAWorker = (await createUser(company.tenantId, { tasksManager: true })).username;
  // Two active workers of one name: a line must name them by username.
  for (const username of [(await createUser(company.tenantId, { assignee: true })).username, company.worker.username]) {
    await db.update(users).set({ name: 'Luca', surname: 'Neri' }).where(eq(users.username, username));
  }
});

const header = [
  'externalReference',
  'taskType',
  'client',
  'description',
  'scheduleDate',
  'scheduleTime',
  'durationMins',
  'worker',
  'timeSlot',
  'latitude',
  'billingStatus',
  'Customer PO number',
];
type Line = Partial<Record<(typeof header)[number], string>>;

/** A Survey line with nothing else set, changed by `line`. */
const row = (line: Line) => header.map((column) => line[column] ?? (column === 'taskType' ? 'Survey' : ''));

describe('POST tasks/upload/csv: line errors', () => {
  it('reports each broken line with its reasons and imports every other line', async () => {
    const lines: Array<[Line, string[]]> = [
      [{ externalReference: 'OK-1' }, []],
      [{ taskType: '', description: 'No type' }, ['taskType: Task type is required']],
      [{ taskType: 'Painting' }, ['taskType: No task type is named "Painting".']],
      [{ taskType: 'Old type' }, ['taskType: The task type has been deleted.']],
      [{ client: 'Nobody Spa' }, ['client: No client is named "Nobody Spa".']],
      [{ client: 'Gone Spa' }, ['client: The client has been deleted.']],
      [{ scheduleDate: '2027-01-04', worker: inactiveWorker }, ['worker: Only active workers can be assigned.']],
      [{ scheduleDate: '2027-01-04', worker: deletedWorker }, ['worker: Only active workers can be assigned.']],
      [{ scheduleDate: '2027-01-04', worker: notAWorker }, ['worker: Only active workers can be assigned.']],
      [{ scheduleDate: '2027-01-04', worker: 'Luca Neri' }, ['worker: Several workers are named "Luca Neri"; use the username.']],
      [{ worker: company.worker.username }, ['worker: A worker can only be chosen after the date and the task type.']],
      [{ scheduleDate: '04/01/2027' }, ['scheduleDate: Must be a date as YYYY-MM-DD.']],
      [{ scheduleDate: '2027-02-30' }, ['scheduleDate: Must be a date as YYYY-MM-DD.']],
      [{ scheduleDate: '2027-01-04', scheduleTime: '25:00' }, ['scheduleTime: Must be a time as HH:mm.']],
      [{ scheduleTime: '10:00' }, ['scheduleTime: A time needs a scheduleDate.']],
      [
        { scheduleDate: '2027-01-04', scheduleTime: '10:00', timeSlot: 'Morning' },
        ['scheduleTime: Give a time or a time slot, not both.'],
      ],
      [{ scheduleDate: '2027-01-04', timeSlot: 'Evening' }, ['timeSlot: No time slot is named "Evening".']],
      [{ scheduleDate: '2027-01-04', durationMins: 'long' }, ['durationMins: Must be a whole number of minutes.']],
      [{ scheduleDate: '2027-01-04', durationMins: '10000' }, ['durationMins: Too big: expected number to be <=9999']],
      [{ description: 'x'.repeat(101) }, ['description: Description must be at most 100 characters.']],
      [{ latitude: 'north' }, ['latitude: Must be a number.']],
      [{ latitude: '95' }, ['latitude: Too big: expected number to be <=90']],
      [{ billingStatus: 'paid' }, ['billingStatus: Must be one of: pending, not invoiceable, invoiced, cancelled.']],
      [{ taskType: 'Boiler repair' }, ['Customer PO number: Field is required']],
      [{ taskType: 'Painting', client: 'Nobody Spa' }, ['taskType: No task type is named "Painting".', 'client: No client is named "Nobody Spa".']],
    ];
    const text = csvText(header, lines.map(([line]) => row(line)));
    const result = await importCsv(`${text}\r\nSurvey,too,few`, { cookie: company.cookie });
    const expected = Object.fromEntries(
      lines.flatMap(([, errors], index) => (errors.length > 0 ? [[String(index + 2), errors]] : [])),
    );
    expected[String(lines.length + 2)] = [`The line has 3 values; the header has ${header.length} columns.`];
    expect(result.lineErrors).toEqual(expected);
    expect(result).toMatchObject({
      processedRecordsCount: lines.length + 1,
      importedCount: 1,
      invalidCount: lines.length,
      alreadyExistsCount: 0,
    });
    expect(await taskByReference(company.tenantId, 'OK-1')).toBeDefined();
  });

  it('takes an ON_SAVE custom field from its column, checks its format, and leaves ON_COMPLETION fields for later', async () => {
    const text = csvText(['externalReference', 'taskType', 'Customer PO number', 'Materials used'], [
      ['CF-1', 'Boiler repair', 'PO-9', ''],
      ['CF-2', 'Boiler repair', 'PO-10', 'Filter'],
      ['CF-3', 'Boiler repair', 'P'.repeat(10_001), ''],
    ]);
    const result = await importCsv(text, { cookie: company.cookie });
    expect(result.lineErrors).toEqual({
      '3': ['Materials used: Please choose items with their quantities'],
      '4': ['Customer PO number: Too big: expected string to have <=10000 characters'],
    });
    expect(result.importedCount).toBe(1);
  });

  it('reads a time slot as the form does: the appointment starts at the slot start', async () => {
    const text = csvText(['externalReference', 'taskType', 'scheduleDate', 'timeSlot'], [['SLOT-1', 'Survey', '2027-01-04', 'morning']]);
    expect((await importCsv(text, { cookie: company.cookie })).importedCount).toBe(1);
    const task = await taskByReference(company.tenantId, 'SLOT-1');
    expect(task.timeSlotId).toBe(company.slotId);
    // 08:00 in Rome in winter (UTC+1).
    expect(task.appointmentDate?.toISOString()).toBe('2027-01-04T07:00:00.000Z');
  });

  it('refuses a time slot per line when the company has time slots (feature 3) off', async () => {
    const without = await taskCompany([]);
    const text = csvText(['taskType', 'scheduleDate', 'timeSlot'], [
      ['Survey', '2027-01-04', 'Morning'],
      ['Survey', '2027-01-04', ''],
    ]);
    const result = await importCsv(text, { cookie: without.cookie });
    expect(result.lineErrors).toEqual({ '2': ['timeSlot: Time slots are not enabled for your company.'] });
    expect(result.importedCount).toBe(1);
    expect(Feature.timeSlots).toBe(3);
  });

  it("never resolves another company's task types", async () => {
    const other = await createCompany();
    const db = await getDb();
    await db.insert(taskTypes).values({ tenantId: other.tenantId, name: 'Foreign type', durationMins: 30 });
    const result = await importCsv(csvText(['taskType'], [['Foreign type']]), { cookie: company.cookie });
    expect(result.lineErrors).toEqual({ '2': ['taskType: No task type is named "Foreign type".'] });
  });

  it('keeps spreadsheet line numbers across blank lines and quoted line breaks, and reads semicolon files', async () => {
    const text = 'taskType;description;externalReference\r\nSurvey;"two\nlines";NL-1\r\n\r\nNope;;NL-2\r\n';
    const result = await importCsv(text, { cookie: company.cookie });
    expect(result.lineErrors).toEqual({ '4': ['taskType: No task type is named "Nope".'] });
    expect((await taskByReference(company.tenantId, 'NL-1')).description).toBe('two\nlines');
  });
});

/** The one field problem POST tasks answers for this task: the code and params a line breaking the same rule carries. */
async function refusalOfPostTasks(task: Record<string, unknown>): Promise<Pick<Problem, 'code' | 'params'>> {
  const data = new FormData();
  data.set('task', JSON.stringify(task));
  const response = await call(createTask, { method: 'POST', path: '/api/web/tasks', body: data, cookie: company.cookie });
  const body = (await response.json()) as ApiErrorBody;
  const problems = Object.values(body.error.fields ?? {}).flat();
  expect(problems, JSON.stringify(body)).toHaveLength(1);
  expect(isCatalogued(problems[0].code), JSON.stringify(body)).toBe(true);
  return { code: problems[0].code, params: problems[0].params };
}

describe('POST tasks/upload/csv: line problems for translation', () => {
  it('answers each line error as a code with its parameters, beside the English text, for own checks and shared rules', async () => {
    const survey = company.types.survey;
    // A rule the import shares with POST tasks answers the code that call answers for the same value.
    const shared = {
      typeRequired: await refusalOfPostTasks({}),
      typeDeleted: await refusalOfPostTasks({ typeId: company.types.deleted }),
      workerNotActive: await refusalOfPostTasks({ typeId: survey, appointment: { date: future(2) }, assigneeId: inactiveWorkerId }),
      workerNeedsDate: await refusalOfPostTasks({ typeId: survey, assigneeId: company.worker.id }),
      durationTooBig: await refusalOfPostTasks({ typeId: survey, appointment: { date: future(2), durationMins: 10_000 } }),
      descriptionTooLong: await refusalOfPostTasks({ typeId: survey, description: 'x'.repeat(101) }),
      customFieldRequired: await refusalOfPostTasks({ typeId: company.types.repair }),
      customFieldTooLong: await refusalOfPostTasks({
        typeId: survey,
        customFieldValues: [{ customFieldId: company.fields.purchaseOrder, fieldValue: 'P'.repeat(10_001) }],
      }),
    };
    expect(shared.typeRequired.code).toBe('validation.required');
    expect(shared.durationTooBig).toEqual({ code: 'validation.tooBig', params: { max: 9999 } });
    const lines: Array<[Line, Array<{ column: string | null; code: string; params?: Record<string, string | number> }>]> = [
      [{ externalReference: 'CODE-1' }, []],
      [{ externalReference: 'CODE-1' }, [{ column: 'externalReference', code: 'import.referenceRepeated', params: { reference: 'CODE-1', line: 2 } }]],
      [{ taskType: 'Painting' }, [{ column: 'taskType', code: 'import.taskTypeNotFound', params: { name: 'Painting' } }]],
      [{ taskType: '', description: 'No type' }, [{ column: 'taskType', ...shared.typeRequired }]],
      [{ taskType: 'Old type' }, [{ column: 'taskType', ...shared.typeDeleted }]],
      [{ scheduleDate: '2027-01-04', worker: 'Luca Neri' }, [{ column: 'worker', code: 'import.workerAmbiguous', params: { name: 'Luca Neri' } }]],
      [{ scheduleDate: '2027-01-04', worker: inactiveWorker }, [{ column: 'worker', ...shared.workerNotActive }]],
      [{ worker: company.worker.username }, [{ column: 'worker', ...shared.workerNeedsDate }]],
      [{ scheduleDate: '04/01/2027' }, [{ column: 'scheduleDate', code: 'import.dateFormat' }]],
      [
        { scheduleDate: '2027-01-04', scheduleTime: '10:00', timeSlot: 'Morning' },
        [{ column: 'scheduleTime', code: 'import.timeAndTimeSlot' }],
      ],
      [
        { billingStatus: 'paid' },
        [{ column: 'billingStatus', code: 'import.billingStatusUnknown', params: { names: 'pending, not invoiceable, invoiced, cancelled' } }],
      ],
      [{ scheduleDate: '2027-01-04', durationMins: '10000' }, [{ column: 'durationMins', ...shared.durationTooBig }]],
      [{ description: 'x'.repeat(101) }, [{ column: 'description', ...shared.descriptionTooLong }]],
      [{ taskType: 'Boiler repair' }, [{ column: 'Customer PO number', ...shared.customFieldRequired }]],
      [{ 'Customer PO number': 'P'.repeat(10_001) }, [{ column: 'Customer PO number', ...shared.customFieldTooLong }]],
    ];
    const text = csvText(header, lines.map(([line]) => row(line)));
    const result = await importCsv(`${text}\r\nSurvey,too,few`, { cookie: company.cookie });

    const expected = Object.fromEntries(
      lines.flatMap(([, problems], index) =>
        problems.length > 0 ? [[String(index + 2), problems.map((problem) => ({ params: {}, ...problem }))]] : [],
      ),
    );
    expected[String(lines.length + 2)] = [{ column: null, code: 'import.lineLength', params: { values: 3, columns: header.length } }];
    expect(result.lineProblems).toEqual(expected);
    // One problem per English text, in the same order, so either can be shown.
    for (const [line, problems] of Object.entries(result.lineProblems)) {
      expect(result.lineErrors[line]).toHaveLength(problems.length);
    }
    expect(result.lineErrors['3']).toEqual(['externalReference: The external reference "CODE-1" is already on line 2 of this file.']);
    expect(result.lineErrors['13']).toEqual(['durationMins: Too big: expected number to be <=9999']);
    expect(result.lineErrors[String(lines.length + 2)]).toEqual([`The line has 3 values; the header has ${header.length} columns.`]);
  });

  it('codes a line error of a company without time slots, and an existing external reference', async () => {
    const without = await taskCompany([]);
    await importCsv(csvText(['externalReference', 'taskType'], [['HAS-1', 'Survey']]), { cookie: without.cookie });
    const text = csvText(['externalReference', 'taskType', 'scheduleDate', 'timeSlot'], [
      ['HAS-1', 'Survey', '', ''],
      ['HAS-2', 'Survey', '2027-01-04', 'Morning'],
    ]);
    const result = await importCsv(text, { cookie: without.cookie });
    expect(result.lineProblems).toEqual({
      '2': [{ column: 'externalReference', code: 'import.referenceExists', params: { reference: 'HAS-1' } }],
      '3': [{ column: 'timeSlot', code: 'import.timeSlotsDisabled', params: {} }],
    });
  });
});
