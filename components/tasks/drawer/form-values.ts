import { customFieldValuesBody, type CustomFieldTexts, type FormCustomField } from '@/lib/client/task-form/custom-fields';
import { snapToStep } from '@/lib/client/task-form/time';
import { zonedIsoInstant } from '@/lib/contract/zoned-time';
import { BillingStatus, type CreateTaskBody, type TaskView } from '@/lib/contract/tasks';

/** The form's values: selects hold ids as text ('' for none) so native selects bind to them directly. */
export interface TaskFormValues {
  typeId: string;
  clientId: string;
  scheduleDate: string;
  scheduleTime: string;
  timeSlotId: string;
  assigneeId: string;
  billingStatusId: string;
  customFields: CustomFieldTexts;
  contact: { name: string; surname: string; phoneCountryCode: string; phone: string };
  location: { address: string; latitude: number | null; longitude: number | null };
  description: string;
}

const idText = (id: number | null | undefined) => (id === null || id === undefined ? '' : String(id));
export const idOrNull = (text: string) => (text === '' ? null : Number(text));

/** What a new task's form may start with: from a link, or from the schedule board's empty slot (worker, day, time). */
export interface NewTaskPreset {
  typeId?: number;
  clientId?: number;
  assigneeId?: number;
  scheduleDate?: string;
  scheduleTime?: string;
}

export function newTaskValues(preset: NewTaskPreset): TaskFormValues {
  const scheduleDate = preset.scheduleDate ?? '';
  return {
    typeId: idText(preset.typeId),
    clientId: idText(preset.clientId),
    scheduleDate,
    scheduleTime: scheduleDate && preset.scheduleTime ? snapToStep(preset.scheduleTime) : '',
    timeSlotId: '',
    // A worker only with a date, as the form's own rule wants.
    assigneeId: scheduleDate ? idText(preset.assigneeId) : '',
    billingStatusId: String(BillingStatus.pending),
    customFields: {},
    contact: { name: '', surname: '', phoneCountryCode: '', phone: '' },
    location: { address: '', latitude: null, longitude: null },
    description: '',
  };
}

export function taskValues(task: TaskView): TaskFormValues {
  return {
    typeId: idText(task.typeId),
    clientId: idText(task.clientId),
    scheduleDate: task.scheduleDate ?? '',
    // A slot stands for the time, so the picked time stays empty with one.
    scheduleTime: task.scheduleTime && task.timeSlotId === null ? snapToStep(task.scheduleTime) : '',
    timeSlotId: idText(task.timeSlotId),
    assigneeId: idText(task.assigneeId),
    billingStatusId: String(task.billingStatusId),
    customFields: Object.fromEntries(task.customFieldValues.map((value) => [String(value.customFieldId), value.fieldValue ?? ''])),
    contact: {
      name: task.contact.name ?? '',
      surname: task.contact.surname ?? '',
      phoneCountryCode: task.contact.phoneCountryCode ?? '',
      phone: task.contact.phone ?? '',
    },
    location: {
      address: task.location.address ?? '',
      latitude: task.location.latitude,
      longitude: task.location.longitude,
    },
    description: task.description ?? '',
  };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The body both POST tasks (its 'task' part) and PUT tasks/{id} take. */
export function taskBody(
  values: TaskFormValues,
  context: { fields: readonly FormCustomField[]; startTime: string; durationMins: number; timeZone: string },
): CreateTaskBody {
  const hasLocation = values.location.address.trim() !== '' || values.location.latitude !== null;
  return {
    typeId: Number(values.typeId),
    clientId: idOrNull(values.clientId),
    description: textOrNull(values.description),
    assigneeId: values.scheduleDate ? idOrNull(values.assigneeId) : null,
    billingStatusId: Number(values.billingStatusId),
    appointment: values.scheduleDate
      ? { date: zonedIsoInstant(values.scheduleDate, context.startTime, context.timeZone), durationMins: context.durationMins }
      : null,
    timeSlotId: values.scheduleDate ? idOrNull(values.timeSlotId) : null,
    location: hasLocation
      ? { address: textOrNull(values.location.address), latitude: values.location.latitude, longitude: values.location.longitude }
      : null,
    contact: {
      name: textOrNull(values.contact.name),
      surname: textOrNull(values.contact.surname),
      phoneCountryCode: textOrNull(values.contact.phoneCountryCode),
      phone: textOrNull(values.contact.phone),
    },
    customFieldValues: customFieldValuesBody(context.fields, values.customFields),
  };
}
