import 'server-only';
import { billingStatusCatalogue } from '@/lib/contract/statuses';
import type { TaskImportColumn } from '@/lib/contract/task-import';
import { CreateTaskBody } from '@/lib/contract/tasks';
import { zonedIsoInstant } from '@/lib/contract/zoned-time';
import { ErrorCode, type Problem, type ProblemParams } from '@/lib/contract/errors';
import { codedParse, problemOfIssue } from '@/lib/contract/problems';
import type { Ctx } from '@/lib/server/core/ctx';
import { HttpError } from '@/lib/server/core/errors';
import type { ValueInput } from '@/lib/server/tasks/custom-field-values';
import { prepareTask, type TaskColumns } from '@/lib/server/tasks/draft';
import { parseNumber } from '@/lib/server/core/csv-import/cells';
import { problemsOfRefusal, type LineProblem } from '@/lib/server/core/csv-import/problems';
import type { CsvLine } from '@/lib/server/core/csv-import/table';
import type { ColumnSlot } from './header';
import { ownProblem, sharedLineProblem, type LineProblemCode } from './line-codes';
import { nameKey, type ImportReferences, type Resolved } from './references';

/** A line that passed every rule: the columns and custom field values of its new task. */
export interface ReadyTask {
  line: number;
  externalReference: string | null;
  columns: Partial<TaskColumns> & Pick<TaskColumns, 'title' | 'typeId'>;
  values: ValueInput[];
}

type Cells = Partial<Record<TaskImportColumn, string>>;

/** The task body's field paths, as the rules name them, back to the file's columns. */
const columnOfPath: Record<string, TaskImportColumn> = {
  typeId: 'taskType',
  clientId: 'client',
  assigneeId: 'worker',
  timeSlotId: 'timeSlot',
  appointment: 'scheduleDate',
  'appointment.date': 'scheduleDate',
  'appointment.durationMins': 'durationMins',
  billingStatusId: 'billingStatus',
  'location.address': 'address',
  'location.latitude': 'latitude',
  'location.longitude': 'longitude',
  'contact.name': 'contactName',
  'contact.surname': 'contactSurname',
  'contact.phoneCountryCode': 'contactPhoneCountryCode',
  'contact.phone': 'contactPhone',
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const clockTime = /^([01]?\d|2[0-3]):[0-5]\d$/;

function isRealDate(text: string): boolean {
  if (!isoDate.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const billingByName = new Map<string, number>(billingStatusCatalogue.map((status) => [nameKey(status.status), status.id]));

export type { LineProblem };

class LineProblems {
  readonly list: LineProblem[] = [];
  readonly columns = new Set<string>();
  add(column: string, problem: Problem): void {
    this.columns.add(column);
    this.list.push({ column, ...problem });
  }
  own(column: TaskImportColumn, code: LineProblemCode, params?: ProblemParams): void {
    this.add(column, ownProblem(code, params));
  }
}

const blankToNull = (text: string | undefined) => (text === undefined || text === '' ? null : text);

function resolveName(
  problems: LineProblems,
  column: TaskImportColumn,
  text: string | undefined,
  resolve: (text: string) => Resolved,
  notFound: LineProblemCode,
): number | null {
  if (!text) return null;
  const resolved = resolve(text);
  if ('id' in resolved) return resolved.id;
  // Only the worker resolver answers ambiguous: two active workers may share a name, other names are unique.
  problems.own(column, resolved.problem === 'ambiguous' ? 'import.workerAmbiguous' : notFound, { name: text });
  return null;
}

/** The appointment the date, time, slot and duration columns describe, on the tenant's clock. */
function appointmentOf(ctx: Ctx, cells: Cells, slotStart: string | undefined, problems: LineProblems) {
  const date = cells.scheduleDate ?? '';
  const time = cells.scheduleTime ?? '';
  const duration = cells.durationMins ?? '';
  let durationMins: number | undefined;
  if (duration !== '') {
    const parsed = parseNumber(duration);
    if (parsed === null || !Number.isInteger(parsed)) problems.own('durationMins', 'import.durationNotWhole');
    else durationMins = parsed;
  }
  if (time !== '' && !clockTime.test(time)) problems.own('scheduleTime', 'import.timeFormat');
  if (time !== '' && cells.timeSlot) problems.own('scheduleTime', 'import.timeAndTimeSlot');
  if (date === '') {
    if (time !== '') problems.own('scheduleTime', 'import.timeNeedsDate');
    if (duration !== '') problems.own('durationMins', 'import.durationNeedsDate');
    if (cells.timeSlot) problems.own('timeSlot', 'import.timeSlotNeedsDate');
    return null;
  }
  if (!isRealDate(date)) {
    problems.own('scheduleDate', 'import.dateFormat');
    return null;
  }
  if (time !== '' && !clockTime.test(time)) return null;
  // As in the task form: the picked time, or the slot's start, or the start of the day.
  const start = time !== '' ? time.padStart(5, '0') : (slotStart?.slice(0, 5) ?? '00:00');
  return { date: zonedIsoInstant(date, start, ctx.tenantTimeZone), durationMins };
}

/** The task body a line describes, built as the task form builds it, names resolved to ids. */
function bodyOf(ctx: Ctx, cells: Cells, values: ValueInput[], references: ImportReferences, problems: LineProblems) {
  const typeId = resolveName(problems, 'taskType', cells.taskType, references.taskType, 'import.taskTypeNotFound');
  const clientId = resolveName(problems, 'client', cells.client, references.client, 'import.clientNotFound');
  const assigneeId = resolveName(problems, 'worker', cells.worker, references.worker, 'import.workerNotFound');
  const timeSlotId = resolveName(problems, 'timeSlot', cells.timeSlot, references.timeSlot, 'import.timeSlotNotFound');
  const appointment = appointmentOf(ctx, cells, timeSlotId === null ? undefined : references.timeSlotStart(timeSlotId), problems);
  const coordinate = (column: 'latitude' | 'longitude') => {
    const text = cells[column];
    if (!text) return null;
    const value = parseNumber(text);
    if (value === null) problems.add(column, sharedLineProblem('import.notANumber'));
    return value;
  };
  let billingStatusId: number | undefined;
  if (cells.billingStatus) {
    const byNumber = parseNumber(cells.billingStatus);
    billingStatusId = billingByName.get(nameKey(cells.billingStatus)) ?? (byNumber === null ? undefined : byNumber);
    if (billingStatusId === undefined) {
      const names = billingStatusCatalogue.map((status) => status.status).join(', ');
      problems.own('billingStatus', 'import.billingStatusUnknown', { names });
    }
  }
  return {
    typeId: typeId ?? undefined,
    title: blankToNull(cells.title),
    clientId,
    description: blankToNull(cells.description),
    assigneeId,
    timeSlotId,
    billingStatusId,
    appointment,
    externalReference: blankToNull(cells.externalReference),
    location: { address: blankToNull(cells.address), latitude: coordinate('latitude'), longitude: coordinate('longitude') },
    contact: {
      name: blankToNull(cells.contactName),
      surname: blankToNull(cells.contactSurname),
      phoneCountryCode: blankToNull(cells.contactPhoneCountryCode),
      phone: blankToNull(cells.contactPhone),
    },
    customFieldValues: values,
  };
}

function columnOf(path: string, values: readonly ValueInput[], fieldNames: ReadonlyMap<number, string>): string {
  // The schema names a value by its place in the list (customFieldValues.0.fieldValue); the rules by its field id.
  const byPlace = /^customFieldValues\.(\d+)\./.exec(path);
  if (byPlace) return fieldNames.get(values[Number(byPlace[1])]?.customFieldId ?? 0) ?? 'customField';
  const byId = /^customFieldValues\.(\d+)$/.exec(path);
  if (byId) return fieldNames.get(Number(byId[1])) ?? 'customField';
  return columnOfPath[path] ?? path;
}

/** Problems of columns not yet reported: a name the file could not resolve is not also "required". */
function reportFields(
  problems: LineProblems,
  fields: ReadonlyArray<[path: string, problem: Problem]>,
  values: readonly ValueInput[],
  fieldNames: ReadonlyMap<number, string>,
) {
  const alreadyReported = new Set(problems.columns);
  for (const [path, problem] of fields) {
    const column = columnOf(path, values, fieldNames);
    if (!alreadyReported.has(column)) problems.add(column, problem);
  }
}

const pathOf = (issue: { path: readonly PropertyKey[] }) => (issue.path.length > 0 ? issue.path.map(String).join('.') : '_');

/** The cells of a line by column, and its custom field values in the stored formats (booleans as true/false). */
function cellsOf(line: CsvLine, slots: readonly ColumnSlot[]) {
  const cells: Cells = {};
  const values: ValueInput[] = [];
  slots.forEach((slot, index) => {
    const text = line.cells[index] ?? '';
    if (slot.kind === 'standard') cells[slot.column] = text;
    else if (text !== '') {
      const value = slot.field.fieldType === 'BOOLEAN' ? text.toLowerCase() : text;
      values.push({ customFieldId: slot.field.id, fieldValue: value });
    }
  });
  return { cells, values };
}

/**
 * Checks one line with the rules of POST tasks (the same schema and prepareTask, reading preloaded reference
 * data) and answers its new task, or the line's problems.
 */
export async function readLine(
  ctx: Ctx,
  line: CsvLine,
  slots: readonly ColumnSlot[],
  references: ImportReferences,
): Promise<ReadyTask | LineProblem[]> {
  const problems = new LineProblems();
  if (line.cells.length !== slots.length) {
    return [{ column: null, ...sharedLineProblem('import.lineLength', { values: line.cells.length, columns: slots.length }) }];
  }
  const { cells, values } = cellsOf(line, slots);
  const fieldNames = new Map(slots.flatMap((slot) => (slot.kind === 'field' ? [[slot.field.id, slot.field.fieldName]] : [])));
  const raw = bodyOf(ctx, cells, values, references, problems);
  const parsed = CreateTaskBody.safeParse(raw, codedParse);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue): [string, Problem] => [pathOf(issue), problemOfIssue(issue)]);
    reportFields(problems, issues, values, fieldNames);
  }
  if (problems.list.length > 0 || !parsed.success) return problems.list;
  try {
    const prepared = await prepareTask(ctx.db, ctx, null, parsed.data, { references: references.rules, pastDatesAllowed: true });
    const { statusId: _pending, ...columns } = prepared.changes;
    return {
      line: line.line,
      externalReference: parsed.data.externalReference ?? null,
      columns: { ...columns, title: prepared.next.title, typeId: prepared.next.typeId },
      values: prepared.values,
    };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.code === ErrorCode.featureDisabled) return [{ column: 'timeSlot', ...ownProblem('import.timeSlotsDisabled') }];
    if (!error.fields) return [{ column: null, ...problemsOfRefusal(error)[0][1] }];
    reportFields(problems, problemsOfRefusal(error), values, fieldNames);
    return problems.list;
  }
}
