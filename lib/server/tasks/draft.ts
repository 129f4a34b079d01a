import 'server-only';
import { Feature } from '@/lib/contract/features';
import type { CreateTaskBody, UpdateTaskBody } from '@/lib/contract/tasks';
import { TaskStatus } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import { assertFeature, type Ctx } from '@/lib/server/core/ctx';
import { assertNoneMissing, judgeValues, mergeValues, missingAmong, storedValues, type ValueInput } from './custom-field-values';
import { databaseReferences, type TaskReferences } from './references';
import {
  checkScheduleDate,
  checkWorkerHasDate,
  clientNameOf,
  TaskProblems,
  judgeAssignee,
  judgeClient,
  judgeTaskType,
  judgeTimeSlot,
  typeNameOf,
  type TaskRow,
  type TaskTypeRef,
} from './rules';

type TaskInput = CreateTaskBody | UpdateTaskBody;
export type TaskColumns = Omit<TaskRow, 'id' | 'tenantId' | 'referenceNumber'>;

/** What a new task is before its form is applied. */
export const newTaskDefaults = {
  title: '',
  clientId: null,
  description: null,
  assigneeId: null,
  statusId: TaskStatus.pending,
  billingStatusId: 1,
  appointmentDate: null,
  timeSlotId: null,
  locationAddress: null,
  locationLatitude: null,
  locationLongitude: null,
  contactName: null,
  contactSurname: null,
  contactPhoneCountryCode: null,
  contactPhone: null,
  externalReference: null,
} satisfies Partial<TaskColumns>;

/** The columns the input sets: undefined leaves a column alone, null clears it. */
function columnsFromInput(input: TaskInput): Partial<TaskColumns> {
  const columns: Partial<TaskColumns> = {};
  if (input.typeId !== undefined) columns.typeId = input.typeId;
  if (input.clientId !== undefined) columns.clientId = input.clientId;
  if (input.description !== undefined) columns.description = input.description === '' ? null : input.description;
  if (input.assigneeId !== undefined) columns.assigneeId = input.assigneeId;
  if (input.billingStatusId !== undefined) columns.billingStatusId = input.billingStatusId;
  if (input.timeSlotId !== undefined) columns.timeSlotId = input.timeSlotId;
  if (input.externalReference !== undefined) columns.externalReference = input.externalReference;
  if ('statusId' in input && input.statusId !== undefined) columns.statusId = input.statusId;
  if (input.appointment === null) columns.appointmentDate = null;
  if (input.appointment) {
    columns.appointmentDate = new Date(input.appointment.date);
    if (input.appointment.durationMins !== undefined) columns.durationMins = input.appointment.durationMins;
  }
  if (input.location !== undefined) {
    const location = input.location ?? { address: null, latitude: null, longitude: null };
    if (location.address !== undefined) columns.locationAddress = location.address;
    if (location.latitude !== undefined) columns.locationLatitude = location.latitude;
    if (location.longitude !== undefined) columns.locationLongitude = location.longitude;
  }
  if (input.contact !== undefined) {
    const contact = input.contact ?? { name: null, surname: null, phoneCountryCode: null, phone: null };
    if (contact.name !== undefined) columns.contactName = contact.name;
    if (contact.surname !== undefined) columns.contactSurname = contact.surname;
    if (contact.phoneCountryCode !== undefined) columns.contactPhoneCountryCode = contact.phoneCountryCode;
    if (contact.phone !== undefined) columns.contactPhone = contact.phone;
  }
  return columns;
}

/** "{task type} - {client}", or the type alone for a task without a client. */
export const defaultTitle = (typeName: string, clientName: string | null) =>
  clientName ? `${typeName} - ${clientName}` : typeName;

export interface PreparedTask {
  /** Every column that differs from the current task (all of them for a new one). */
  changes: Partial<TaskColumns>;
  next: Pick<TaskColumns, keyof typeof newTaskDefaults | 'typeId' | 'durationMins'>;
  values: ValueInput[];
  type: TaskTypeRef;
}

export interface PrepareOptions {
  /** Where the rules look reference data up; the database unless a bulk write preloaded it. */
  references?: TaskReferences;
  /** The CSV import brings history in, so a schedule in the past is accepted there. */
  pastDatesAllowed?: boolean;
}

const sameInstant = (a: Date | null | undefined, b: Date | null | undefined) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Applies a task form to the current task (none for a new one) and checks every rule of spec 01 §5 that the
 * server owns: the references exist and are usable, the schedule, the worker, the custom field values and the
 * required ones. Throws one 400 naming every problem field.
 */
export async function prepareTask(
  db: DbOrTx,
  ctx: Ctx,
  current: TaskRow | null,
  input: TaskInput,
  options: PrepareOptions = {},
): Promise<PreparedTask> {
  const references = options.references ?? databaseReferences(db, ctx);
  const requested = columnsFromInput(input);
  const base = current ?? { ...newTaskDefaults, typeId: 0, durationMins: 0 };
  const next = { ...base, ...requested };
  const problems = new TaskProblems();

  const type = judgeTaskType(await references.taskType(next.typeId), current?.typeId === next.typeId, problems);
  const client =
    next.clientId === null
      ? null
      : judgeClient(await references.client(next.clientId), current?.clientId === next.clientId, problems);
  if (next.assigneeId !== null && next.assigneeId !== current?.assigneeId) {
    judgeAssignee(await references.isActiveWorker(next.assigneeId), problems);
  }
  if (next.timeSlotId !== null && next.timeSlotId !== current?.timeSlotId) {
    // Feature 3 off: no new slot may be set. Keeping the slot a task already has, or clearing it, stays possible,
    // so tasks planned while the feature was on can still be saved and tidied up.
    assertFeature(ctx, Feature.timeSlots);
    judgeTimeSlot(await references.isLiveTimeSlot(next.timeSlotId), problems);
  }
  if (next.appointmentDate && !options.pastDatesAllowed && !sameInstant(next.appointmentDate, current?.appointmentDate)) {
    checkScheduleDate(next.appointmentDate, 'appointment.date', problems);
  }
  checkWorkerHasDate(next.assigneeId, next.appointmentDate, problems);
  const inputs = input.customFieldValues ?? [];
  const values = inputs.length === 0 ? [] : judgeValues(await references.customFields(), inputs, problems);
  problems.throwIfAny();
  if (!type) throw new Error('unreachable: a missing task type is reported above');

  if (requested.durationMins === undefined && (!current || requested.typeId !== undefined)) {
    next.durationMins = current && current.typeId === next.typeId ? current.durationMins : type.durationMins;
  }
  next.title = await titleOf(db, ctx, current, input.title, { type, client });

  const stored = current ? await storedValues(db, ctx, current.id) : new Map<number, string | null>();
  const requiredTypes = next.statusId === TaskStatus.completed ? (['ON_SAVE', 'ON_COMPLETION'] as const) : (['ON_SAVE'] as const);
  assertNoneMissing(missingAmong(await references.requiredFields(next.typeId), mergeValues(stored, values), requiredTypes));

  return { changes: changedColumns(current, next), next, values: changedValues(stored, values), type };
}

/**
 * 00-decisions: the title is the given one, or "{task type} - {client}" when empty. A title sent empty (null or
 * '') is derived again. A title not sent stays, except when the type or client changes and the current title is
 * still the one derived from the old pair: nobody wrote it, so it follows the new pair. A hand-written title stays.
 */
async function titleOf(
  db: DbOrTx,
  ctx: Ctx,
  current: TaskRow | null,
  given: string | null | undefined,
  chosen: { type: TaskTypeRef; client: { id: number; displayName: string } | null },
): Promise<string> {
  const derived = defaultTitle(chosen.type.name, chosen.client?.displayName ?? null);
  if (given) return given;
  if (!current || given === null) return derived;
  const clientId = chosen.client?.id ?? null;
  if (current.typeId === chosen.type.id && current.clientId === clientId) return current.title;
  const oldType = current.typeId === chosen.type.id ? chosen.type.name : await typeNameOf(db, ctx, current.typeId);
  let oldClient: string | null = null;
  if (current.clientId !== null) {
    oldClient = current.clientId === clientId ? (chosen.client?.displayName ?? null) : await clientNameOf(db, ctx, current.clientId);
  }
  return oldType !== null && current.title === defaultTitle(oldType, oldClient) ? derived : current.title;
}

function changedColumns(current: TaskRow | null, next: PreparedTask['next']): Partial<TaskColumns> {
  const changes: Partial<TaskColumns> = {};
  for (const [key, value] of Object.entries(next) as Array<[keyof PreparedTask['next'], unknown]>) {
    const before = current?.[key];
    const same = value instanceof Date || before instanceof Date ? sameInstant(value as Date, before as Date) : before === value;
    if (!current || !same) Object.assign(changes, { [key]: value });
  }
  return changes;
}

function changedValues(stored: ReadonlyMap<number, string | null>, values: readonly ValueInput[]): ValueInput[] {
  return values.filter((value) => (stored.get(value.customFieldId) ?? null) !== (value.fieldValue || null));
}
