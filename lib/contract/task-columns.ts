/**
 * The task list's column ids: the screen's column chooser offers exactly these, and PATCH users/preferredTaskColumns
 * stores nothing else.
 */
export const taskColumnKeys = [
  'id',
  'type',
  'title',
  'client',
  'location',
  'assignee',
  'appointment',
  'timeSlot',
  'duration',
  'actualDuration',
  'status',
  'billingStatus',
  'description',
  'contact',
  'externalReference',
  'created',
  'updated',
  'rating',
] as const;
export type TaskColumnKey = (typeof taskColumnKeys)[number];

export const alwaysShownColumns = ['id', 'type'] as const satisfies readonly TaskColumnKey[];

/** A custom field's column follows the list's own as customField{id}; an id is a positive 32-bit integer. */
const customFieldColumnPattern = /^customField([1-9]\d{0,9})$/;

export const customFieldColumnKey = (customFieldId: number) => `customField${customFieldId}`;

export function customFieldIdOfColumn(key: string): number | null {
  const match = customFieldColumnPattern.exec(key);
  return match ? Number(match[1]) : null;
}

const ownColumns: ReadonlySet<string> = new Set(taskColumnKeys);

export function isTaskListColumn(key: string): boolean {
  return ownColumns.has(key) || customFieldIdOfColumn(key) !== null;
}
