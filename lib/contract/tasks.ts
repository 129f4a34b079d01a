import { z } from 'zod';
import { BodyId, Id } from './ids';
import { ScheduleConfirm } from './schedule-board';
import { billingStatusCatalogue, taskStatusCatalogue } from './statuses';
import { isTaskListColumn } from './task-columns';
import type { ErrorCodeName } from '@/lib/contract/error-catalogue';
import type { ProblemParams } from '@/lib/contract/errors';
import { rule } from '@/lib/contract/problems';

export { BillingStatus, TaskStatus } from './statuses';

export const taskStatusNames: Record<number, string> = Object.fromEntries(
  taskStatusCatalogue.map((entry) => [entry.id, entry.status]),
);
export const billingStatusNames: Record<number, string> = Object.fromEntries(
  billingStatusCatalogue.map((entry) => [entry.id, entry.status]),
);

/** The log's action names, exactly as spec 01 §4 lists them. */
export const TaskLogAction = {
  created: 'task_created',
  updateDetails: 'update_task_details',
  changeAssignee: 'change_assignee',
  changeStatus: 'change_task_status',
  changeBillingStatus: 'change_billing_status',
  cancel: 'cancel_task',
  uploadAttachment: 'upload_attachment',
  addNote: 'add_note',
  updateNote: 'update_note',
  deleteNote: 'delete_note',
} as const;

/** Codes beside the generic ones of lib/contract/errors.ts, so the client can react without reading messages. */
export const TaskErrorCode = {
  requiredCustomFields: 'task.customFieldsRequired',
  cancelledReadOnly: 'task.cancelled',
  notCancelled: 'task.notCancelled',
  cancelledBillingStatus: 'task.cancelledBillingStatus',
  useCancellation: 'task.useCancellation',
  duplicateFailed: 'task.duplicateFailed',
} as const satisfies Record<string, ErrorCodeName>;

/**
 * What the rules of a task's content refuse with (lib/server/tasks/rules.ts), on every call that writes a task from
 * the form's body: creating, updating, updating with its following series.
 */
export const taskContentRefusals = [
  'task.appointmentInPast',
  'task.clientDeleted',
  'task.clientUnknown',
  'task.customFieldRequired',
  'task.customFieldUnknown',
  'task.customFieldsRequired',
  'task.timeSlotUnknown',
  'task.typeDeleted',
  'task.typeUnknown',
  'task.valueNotQuantityList',
  'task.workerNeedsDate',
  'task.workerNotActive',
  'tenant.featureDisabled',
] as const satisfies readonly ErrorCodeName[];

/** And on a task that exists: it may have changed meanwhile, be gone, or be cancelled. */
export const taskUpdateRefusals = [...taskContentRefusals, 'request.staleUpdate', 'task.notFound', 'task.cancelled', 'task.useCancellation'] as const;

export const taskLimits = {
  descriptionMax: 100,
  titleMax: 200,
  durationMax: 9999,
  uploadTotalBytes: 10 * 1024 * 1024,
  bulkMax: 1000,
  searchIdsMax: 50_000,
} as const;

export const uploadMessages = {
  type: 'Only PDF and CSV files are allowed.',
  size: 'Total file size must be under 10MB.',
} as const;

export interface TaskCustomFieldValue {
  id: number;
  customFieldId: number;
  customFieldName: string;
  taskId: number;
  fieldValue: string | null;
  fieldType: string;
  requiredType: 'ON_SAVE' | 'ON_COMPLETION' | null;
}

/** One task as every task call answers it; timestamps are ISO strings, schedule parts in the tenant's zone. */
export interface TaskView {
  id: number;
  referenceNumber: number;
  title: string;
  typeId: number;
  type: { id: number; type: string; deleted: boolean };
  clientId: number | null;
  client: { id: number; displayName: string; deleted: boolean } | null;
  description: string | null;
  assigneeId: number | null;
  assignee: { id: number; name: string; surname: string } | null;
  statusId: number;
  billingStatusId: number;
  cancelled: string | null;
  cancellationReasonId: number | null;
  /** The listed reason's name or the free text given with the cancellation. */
  cancellationReason: string | null;
  appointment: { date: string; durationMins: number } | null;
  /** YYYY-MM-DD in the tenant's time zone; null while unscheduled. */
  scheduleDate: string | null;
  /** HH:mm in the tenant's time zone. */
  scheduleTime: string | null;
  timeSlotId: number | null;
  timeSlot: { id: number; nameTimeSlot: string; startTime: string; endTime: string } | null;
  estimatedDuration: number;
  /** Minutes spent in status "in progress", from the timeline; null when never started. */
  actualDuration: number | null;
  location: { address: string | null; latitude: number | null; longitude: number | null };
  contact: { name: string | null; surname: string | null; phoneCountryCode: string | null; phone: string | null };
  externalReference: string | null;
  created: string;
  updated: string;
  completedAt: string | null;
  rating: number | null;
  feedbackComment: string | null;
  recurring: boolean;
  recurringTaskId: number | null;
  recurringRule: string | null;
  recurringCount: number | null;
  repeatEveryOption: string | null;
  repeatOn: string | null;
  endRecurrence: string | null;
  customFieldValues: TaskCustomFieldValue[];
}

const trimmedOrNull = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === '' ? null : value));

const IsoInstant = z.iso.datetime({ offset: true, message: 'A date and time with its offset is required.' });
/** The `updated` the client read; a write answers 409 when the task moved on since. */
const Updated = z.iso.datetime({ offset: true }).optional();

export const Appointment = z.object({
  date: IsoInstant,
  durationMins: z.number().int().min(1).max(taskLimits.durationMax).optional(),
});

export const TaskLocation = z.object({
  address: trimmedOrNull(500).optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
});

export const TaskContact = z.object({
  name: trimmedOrNull(100).optional(),
  surname: trimmedOrNull(100).optional(),
  phoneCountryCode: trimmedOrNull(10).optional(),
  phone: trimmedOrNull(30).optional(),
});

export const CustomFieldValueInput = z.object({
  customFieldId: Id,
  fieldValue: z.string().max(10_000).nullable(),
});

const taskFields = {
  title: trimmedOrNull(taskLimits.titleMax).optional(),
  clientId: Id.nullable().optional(),
  description: z
    .string()
    .max(taskLimits.descriptionMax, 'Description must be at most 100 characters.')
    .nullable()
    .optional(),
  assigneeId: Id.nullable().optional(),
  billingStatusId: z.number().int().min(1).max(4).optional(),
  appointment: Appointment.nullable().optional(),
  timeSlotId: Id.nullable().optional(),
  location: TaskLocation.nullable().optional(),
  contact: TaskContact.nullable().optional(),
  externalReference: trimmedOrNull(200).optional(),
  customFieldValues: z.array(CustomFieldValueInput).max(200).optional(),
};

const typeId = z.number({ error: 'Task type is required' }).int().positive().max(2_147_483_647);

/** The JSON part 'task' of POST tasks. */
export const CreateTaskBody = z.object({ ...taskFields, typeId });
export type CreateTaskBody = z.infer<typeof CreateTaskBody>;

/** PUT tasks/{id}: omitted fields stay as they are, null clears. Status 5 goes through the cancellation call. */
export const UpdateTaskBody = z.object({
  ...taskFields,
  typeId: typeId.optional(),
  statusId: z.number().int().min(1).max(5).optional(),
  updated: Updated,
});
export type UpdateTaskBody = z.infer<typeof UpdateTaskBody>;

export const ScheduleBody = z.object({
  date: IsoInstant,
  durationMins: z.number().int().min(1).max(taskLimits.durationMax).optional(),
  assigneeId: Id.nullable().optional(),
  timeSlotId: Id.nullable().optional(),
  updated: Updated,
  /** Warnings the dispatcher has seen and accepted (see ScheduleErrorCode.confirmationRequired). */
  confirm: ScheduleConfirm,
});
export type ScheduleBody = z.infer<typeof ScheduleBody>;

export const UnassignBody = z.object({ updated: Updated }).optional();

/** A listed reason's id, or free text. */
export const CancellationReason = z
  .union([BodyId, z.string().trim().min(1).max(200)])
  .nullable()
  .optional();

export const CancellationBody = z.object({ reason: CancellationReason, updated: Updated }).optional();
export type CancellationBody = z.infer<typeof CancellationBody>;

export const ResetBody = z.object({ updated: Updated }).optional();

export const BulkStatusBody = z
  .object({
    taskIds: z.array(Id).min(1, 'Choose at least one task.').max(taskLimits.bulkMax),
    statusId: z.number().int().min(1).max(5),
    type: z.enum(['task status', 'billing status']),
    cancellationReason: CancellationReason,
  })
  .refine((body) => body.type === 'task status' || body.statusId <= 4, {
    ...rule('task.billingStatusRange', 'Billing status must be between 1 and 4.'),
    path: ['statusId'],
  });
export type BulkStatusBody = z.infer<typeof BulkStatusBody>;

/** A required custom field without a value: what blocks saving or completing a task. */
export interface MissingCustomField {
  id: number;
  fieldName: string;
}

/**
 * One task the bulk change could not take: its id, the reference number users know it by (null when the id names
 * no task of the tenant) and, when completion was refused, the required fields it lacks.
 */
export interface BulkStatusFailure {
  id: number;
  referenceNumber: number | null;
  code: ErrorCodeName;
  params?: ProblemParams;
  message: string;
  missingFields?: MissingCustomField[];
}
export interface BulkStatusResult {
  updated: number[];
  failed: BulkStatusFailure[];
}

/** Fields a duplicate may copy beside the forced ones (title, type, assignee, appointment, ON_SAVE values). */
export const duplicableFields = [
  'client',
  'description',
  'location',
  'contact',
  'externalReference',
  'billingStatus',
  'timeSlot',
  'customFieldValues',
] as const;

export const DuplicateBody = z.object({
  tasks: z.array(Id).min(1).max(100),
  fields: z.array(z.enum(duplicableFields)).optional(),
});
export type DuplicateBody = z.infer<typeof DuplicateBody>;

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');
const DateOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * GET tasks and GET tasks/scheduled. A date alone is a whole day in the tenant's time zone; appointmentTo is
 * inclusive for a date and exclusive for an instant. Without a range: today.
 */
export const TaskListQuery = z.object({
  appointmentFrom: DateOrInstant.optional(),
  appointmentTo: DateOrInstant.optional(),
  includeUnscheduled: flag,
  includePlanned: flag,
  allPlanned: flag,
});
export type TaskListQuery = z.infer<typeof TaskListQuery>;

export const TextSearchQuery = z.object({ textSearch: z.string().trim().min(1).max(200) });
export const TaskIdsBody = z.object({ taskIds: z.array(Id).max(taskLimits.searchIdsMax) });

export const AvailableWorkersQuery = z
  .object({ appointmentFrom: z.iso.datetime({ offset: true }), appointmentTo: z.iso.datetime({ offset: true }) })
  .refine((query) => Date.parse(query.appointmentTo) > Date.parse(query.appointmentFrom), {
    ...rule('schedule.rangeReversed', 'appointmentTo must be after appointmentFrom.'),
    path: ['appointmentTo'],
  });

/** PATCH users/preferredTaskColumns: the comma-separated ids of the list's columns (./task-columns.ts), nothing else. */
export const PreferredColumnsBody = z.object({
  preferredTaskColumns: z
    .string()
    .max(2000)
    .transform((text) => text.split(',').map((part) => part.trim()).filter((part) => part !== ''))
    .pipe(
      z
        .array(z.string())
        .max(100)
        .superRefine((columns, issues) => {
          for (const column of new Set(columns.filter((key) => !isTaskListColumn(key)))) {
            issues.addIssue({ code: 'custom', ...rule('task.unknownColumn', `Unknown column: ${column}`, { column }) });
          }
        }),
    ),
});
