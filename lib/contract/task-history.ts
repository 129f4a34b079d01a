/** Every log action name of spec 01 §4, in the spec's order: what the Timeline tab knows how to read. */
export const taskLogActionNames = [
  'update_task_details',
  'upload_attachment',
  'add_note',
  'update_note',
  'delete_note',
  'update_billing_status',
  'update_attachment_description',
  'update_attachment',
  'change_assignee',
  'delete_attachment',
  'add_signature',
  'delete_signature',
  'change_billing_status',
  'change_task_status',
  'task_created',
  'cancel_task',
] as const;
export type TaskLogActionName = (typeof taskLogActionNames)[number];

export const isKnownLogAction = (action: string): action is TaskLogActionName =>
  (taskLogActionNames as readonly string[]).includes(action);

/** One status the task entered, oldest first in GET tasks/{id}/timeline. */
export interface TimelineItem {
  userId: number | null;
  /** Null when no person made the change (an API key, a job) or the user is gone. */
  userName: string | null;
  statusId: number;
  date: string;
}

export interface TimelineResponse {
  timelineItems: TimelineItem[];
}

/**
 * The task columns whose change is a detail edit (assignee, status and billing status have log actions of their
 * own): an update_task_details entry's old and new values are JSON objects keyed by them. The server writes the
 * entry from this list and the Timeline reads it back from it, so both always agree.
 */
export const detailColumns = [
  'title',
  'typeId',
  'clientId',
  'description',
  'appointmentDate',
  'durationMins',
  'timeSlotId',
  'locationAddress',
  'locationLatitude',
  'locationLongitude',
  'contactName',
  'contactSurname',
  'contactPhoneCountryCode',
  'contactPhone',
  'externalReference',
] as const;

/** The detail columns plus `customField` for a changed custom field value. */
export const detailFields = [...detailColumns, 'customField'] as const;
export type DetailField = (typeof detailFields)[number];

/** Fields whose logged value is an id; the server answers the name it stands for instead. */
export const referenceDetailFields = ['typeId', 'clientId', 'timeSlotId'] as const;
export type ReferenceDetailField = (typeof referenceDetailFields)[number];

/** One changed field of an update_task_details entry, values as text (null: empty). */
export interface DetailChange {
  field: DetailField;
  /** The custom field's id and name when `field` is customField. */
  customFieldId?: number;
  customFieldName?: string;
  oldValue: string | null;
  newValue: string | null;
}

/** One entry of GET tasks/{id}/logs, newest first. */
export interface LogEntryView {
  id: number;
  action: string;
  oldValue: string | null;
  newValue: string | null;
  userId: number | null;
  userName: string | null;
  created: string;
  /** update_task_details only: the changed fields, ids of task types, clients and time slots as their names. */
  changes?: DetailChange[];
}

const isDetailField = (key: string): key is DetailField => (detailFields as readonly string[]).includes(key);

const parseObject = (text: string | null): Record<string, unknown> => {
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const asText = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/**
 * The changes an update_task_details entry records: its old and new values are JSON objects keyed by task column,
 * the new one with `customFieldValues` [{customFieldId, fieldValue}] when custom fields changed (their old values
 * are not logged). Unknown keys are skipped, so an entry written by a newer version still reads.
 */
export function parseDetailChanges(oldValue: string | null, newValue: string | null): DetailChange[] {
  const before = parseObject(oldValue);
  const after = parseObject(newValue);
  const changes: DetailChange[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!isDetailField(key) || key === 'customField') continue;
    changes.push({ field: key, oldValue: asText(before[key]), newValue: asText(after[key]) });
  }
  const values = Array.isArray(after.customFieldValues) ? (after.customFieldValues as unknown[]) : [];
  for (const value of values) {
    if (value === null || typeof value !== 'object') continue;
    const { customFieldId, fieldValue } = value as { customFieldId?: unknown; fieldValue?: unknown };
    if (typeof customFieldId !== 'number') continue;
    changes.push({ field: 'customField', customFieldId, oldValue: null, newValue: asText(fieldValue) });
  }
  return changes;
}
