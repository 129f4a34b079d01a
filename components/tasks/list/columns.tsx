'use client';

import type { DataColumn } from '@/components/ui/data-table';
import { BillingStatusTag, TaskStatusTag } from '@/components/tasks/status-tags';
import { customFieldColumnKey, customFieldIdOfColumn, taskColumnKeys } from '@/lib/contract/task-columns';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import { quantityListText } from '@/lib/contract/quantity-list';
import type { TaskView } from '@/lib/contract/tasks';

/** What turning a task into the text of a cell needs: labels in the user's language and their formats. */
export interface CellFormat {
  columnLabel: (key: string) => string;
  taskStatus: (statusId: number) => string;
  billingStatus: (billingStatusId: number) => string;
  date: (isoDate: string) => string;
  instant: (iso: string) => string;
  time: (hhmm: string) => string;
  minutes: (minutes: number) => string;
}

export function allColumnKeys(customFields: readonly CustomFieldView[]): string[] {
  return [...taskColumnKeys, ...customFields.map((field) => customFieldColumnKey(field.id))];
}

export function columnLabel(key: string, customFields: readonly CustomFieldView[], format: CellFormat): string {
  const customFieldId = customFieldIdOfColumn(key);
  if (customFieldId === null) return format.columnLabel(key);
  return customFields.find((field) => field.id === customFieldId)?.fieldName ?? key;
}

const joined = (...parts: Array<string | null | undefined>) => parts.filter((part) => part).join(' ');

/** A cell as plain text: what the table shows for text columns and what the CSV export writes. */
export function cellText(key: string, task: TaskView, format: CellFormat): string {
  const customFieldId = customFieldIdOfColumn(key);
  if (customFieldId !== null) {
    const value = task.customFieldValues.find((candidate) => candidate.customFieldId === customFieldId);
    // A quantity select is stored as JSON; the cell and the CSV show 'Valve × 2, Filter × 1'.
    const materials = value?.fieldType === 'MULTI_SELECT_QUANTITY' ? quantityListText(value.fieldValue) : null;
    return materials ?? value?.fieldValue ?? '';
  }
  switch (key) {
    case 'id':
      // The id users see is the tenant's reference number, the one the drawer, alerts and search use too.
      return String(task.referenceNumber);
    case 'type':
      return task.type.type;
    case 'title':
      return task.title;
    case 'client':
      return task.client?.displayName ?? '';
    case 'location':
      return task.location.address ?? '';
    case 'assignee':
      return task.assignee ? joined(task.assignee.name, task.assignee.surname) : '';
    case 'appointment':
      if (!task.scheduleDate) return '';
      return joined(format.date(task.scheduleDate), task.scheduleTime ? format.time(task.scheduleTime) : null);
    case 'timeSlot':
      return task.timeSlot?.nameTimeSlot ?? '';
    case 'duration':
      return format.minutes(task.appointment?.durationMins ?? task.estimatedDuration);
    case 'actualDuration':
      return task.actualDuration === null ? '' : format.minutes(task.actualDuration);
    case 'status':
      return format.taskStatus(task.statusId);
    case 'billingStatus':
      return format.billingStatus(task.billingStatusId);
    case 'description':
      return task.description ?? '';
    case 'contact':
      return joined(task.contact.name, task.contact.surname, task.contact.phoneCountryCode, task.contact.phone);
    case 'externalReference':
      return task.externalReference ?? '';
    case 'created':
      return format.instant(task.created);
    case 'updated':
      return format.instant(task.updated);
    case 'rating':
      return task.rating === null ? '' : String(task.rating);
    default:
      return '';
  }
}

/** The table's columns for the chosen keys; statuses show as tags in the spec's colours. */
export function buildColumns(
  keys: readonly string[],
  customFields: readonly CustomFieldView[],
  format: CellFormat,
): DataColumn<TaskView>[] {
  return keys.map((key) => ({
    id: key,
    header: columnLabel(key, customFields, format),
    cell: (task) => {
      if (key === 'status') return <TaskStatusTag statusId={task.statusId} />;
      if (key === 'billingStatus') return <BillingStatusTag billingStatusId={task.billingStatusId} />;
      const text = cellText(key, task, format);
      return key === 'description' || key === 'location' ? (
        <span className="line-clamp-2 max-w-64 wrap-anywhere" title={text}>
          {text}
        </span>
      ) : (
        text
      );
    },
  }));
}
