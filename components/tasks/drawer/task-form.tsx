'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ClientDrawer } from '@/components/clients/client-drawer';
import { TaskTypeDrawer } from '@/components/task-types/task-type-drawer';
import { Combobox } from '@/components/ui/combobox';
import { Field, TextInput, controlClass, selectClass } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import { submitWhenValid } from '@/lib/client/form-validity';
import { customFieldProblems, missingOnSaveFields, type FormCustomField } from '@/lib/client/task-form/custom-fields';
import { filesProblem } from '@/lib/client/task-form/files';
import { problemsFromServer, problemTexts, withoutProblemOf, type TaskFormProblems } from '@/lib/client/task-form/problems';
import { isScheduleInPast, startTimeOf } from '@/lib/client/task-form/schedule';
import { timeSlotField } from '@/lib/client/task-form/time-slots';
import { zonedIsoInstant } from '@/lib/contract/zoned-time';
import { Feature } from '@/lib/contract/features';
import { defaultTaskDurationMins, type TaskTypeView } from '@/lib/contract/task-types';
import { BillingStatus, taskLimits, type TaskView } from '@/lib/contract/tasks';
import { billingStatusCatalogue } from '@/lib/contract/statuses';
import { CustomFieldInput } from './custom-field-input';
import { FileField } from './file-field';
import { idOrNull, newTaskValues, taskBody, taskValues, type NewTaskPreset, type TaskFormValues } from './form-values';
import { LocationField } from './location-field';
import { PickerWithAdd } from './picker-with-add';
import { seriesUpdatePath, useSeriesChoice } from './recurrence/series-choice';
import { ScheduleFields } from './schedule-fields';
import type { ReferenceData } from './use-reference-data';
import { useClientDefaults } from './use-client-defaults';
import { useFlaggedFields, type FlaggedFields } from './use-flagged-fields';
import { useProblemsClearedOnChange } from './use-form-problems';
import { useKeptTaskType } from './use-kept-task-type';


type Problems = TaskFormProblems;

/** Deleted items leave the pickers, except the one the task already uses. */
function withCurrent<T extends { id: number }>(live: T[], current: T | null): T[] {
  return current && !live.some((item) => item.id === current.id) ? [current, ...live] : live;
}

export function TaskForm({
  formId,
  task,
  preset,
  reference,
  mapStyleUrl,
  onReferenceChange,
  onDirtyChange,
  onBusyChange,
  onSaved,
  onStale,
  flaggedFields,
}: {
  formId: string;
  task: TaskView | null;
  preset: NewTaskPreset;
  reference: ReferenceData;
  mapStyleUrl: string | null;
  onReferenceChange: (next: ReferenceData) => void;
  onDirtyChange: (dirty: boolean) => void;
  onBusyChange: (busy: boolean) => void;
  onSaved: (task: TaskView, created: boolean) => void;
  onStale: () => void;
  /** Custom fields a refused completion named: flagged, and the first one focused. */
  flaggedFields?: FlaggedFields | null;
}) {
  const t = useTranslations('taskDrawer');
  const tBilling = useTranslations('statuses.billing');
  const tErrors = useTranslations('errors');
  const errorText = useErrorText();
  const initial = useMemo(() => (task ? taskValues(task) : newTaskValues(preset)), [task, preset]);
  const form = useForm<TaskFormValues>({ defaultValues: initial });
  const { register, setValue, handleSubmit, formState, control } = form;
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [typeDrawerOpen, setTypeDrawerOpen] = useState(false);
  const [clientDrawerOpen, setClientDrawerOpen] = useState(false);
  /** The client the nested drawer modifies; null when it adds one. */
  const [editedClientId, setEditedClientId] = useState<number | null>(null);
  const readOnly = task?.cancelled != null;
  useProblemsClearedOnChange(form, setProblems);
  useFlaggedFields(flaggedFields, setProblems, t('fieldRequired'));
  useClientDefaults(form, reference.clients, task ? initial.clientId : '');
  const keptType = useKeptTaskType(task, reference.taskTypes);
  const seriesChoice = useSeriesChoice();

  useEffect(() => onDirtyChange(formState.isDirty || files.length > 0), [formState.isDirty, files.length, onDirtyChange]);

  // The task changed under the open form (its header changed the status or billing status, or it was reread):
  // untouched fields take the new values, edited ones keep the user's, and the next save sends the new `updated`.
  const seenUpdated = useRef(task?.updated);
  useEffect(() => {
    if (!task || task.updated === seenUpdated.current) return;
    seenUpdated.current = task.updated;
    form.reset(taskValues(task), { keepDirtyValues: true });
  }, [task, form]);

  const values = useWatch({ control }) as TaskFormValues;
  const taskTypes = withCurrent<Pick<TaskTypeView, 'id' | 'type' | 'durationMins' | 'customFields'>>(
    reference.taskTypes,
    task ? { id: task.type.id, type: t('deletedSuffix', { name: task.type.type }), durationMins: task.estimatedDuration, customFields: [] } : null,
  );
  const clients = withCurrent(
    reference.clients.map((client) => ({ id: client.id, displayName: client.displayName })),
    task?.client ? { id: task.client.id, displayName: t('deletedSuffix', { name: task.client.displayName }) } : null,
  );
  const chosenType =
    reference.taskTypes.find((type) => String(type.id) === values.typeId) ??
    (keptType && String(keptType.id) === values.typeId ? keptType : undefined);
  const fields: FormCustomField[] = (chosenType?.customFields ?? [])
    .map((link) => reference.customFields.find((field) => field.id === link.customFieldId))
    .filter((field) => field !== undefined);
  const keptDuration = task?.appointment && String(task.typeId) === values.typeId ? task.appointment.durationMins : null;
  const durationMins = keptDuration ?? chosenType?.durationMins ?? defaultTaskDurationMins;
  const ownSlot = task?.timeSlot ?? null;
  const slotField = timeSlotField(
    reference.features.includes(Feature.timeSlots),
    reference.timeSlots,
    ownSlot && {
      id: ownSlot.id,
      nameTimeSlot: reference.timeSlots.some((slot) => slot.id === ownSlot.id) ? ownSlot.nameTimeSlot : t('deletedSuffix', { name: ownSlot.nameTimeSlot }),
      startTimeSlot: ownSlot.startTime,
    },
  );
  const startTime = startTimeOf(
    { typeId: idOrNull(values.typeId), scheduleDate: values.scheduleDate, scheduleTime: values.scheduleTime, timeSlotId: idOrNull(values.timeSlotId) },
    (slotId) => slotField.slots.find((slot) => slot.id === slotId)?.startTimeSlot,
  );
  const billingChoices = task?.cancelled ? billingStatusCatalogue.filter((entry) => entry.id === BillingStatus.pending) : billingStatusCatalogue;

  function validate(current: TaskFormValues): Problems | null {
    const found: Problems = {};
    if (!current.typeId) found.typeId = t('typeRequired');
    const scheduleChanged = current.scheduleDate !== initial.scheduleDate || current.scheduleTime !== initial.scheduleTime;
    if (scheduleChanged && isScheduleInPast(current.scheduleDate, current.scheduleTime, new Date(), (date, time) => new Date(zonedIsoInstant(date, time, reference.timeZone)))) {
      found.scheduleDate = tErrors('task.appointmentInPast');
    }
    const fileProblem = task ? null : filesProblem(files);
    if (fileProblem) found.files = t(fileProblem);
    const fieldProblems = customFieldProblems(fields, current.customFields);
    if (Object.keys(fieldProblems).length > 0) {
      found.customFields = Object.fromEntries(Object.entries(fieldProblems).map(([id, problem]) => [id, t(problem)]));
      const missing = missingOnSaveFields(fields, current.customFields);
      if (missing.length > 1) toast.error(t('fieldsRequired', { fields: missing.map((field) => field.fieldName).join(', ') }));
      else if (missing.length === 1) toast.error(`${missing[0].fieldName}: ${t('fieldRequired')}`);
    }
    return Object.keys(found).length > 0 ? found : null;
  }

  async function save(current: TaskFormValues) {
    const found = validate(current);
    setProblems(found ?? {});
    if (found) return;
    const body = taskBody(current, { fields, startTime, durationMins, timeZone: reference.timeZone });
    const scope = task ? await seriesChoice.ask(task, 'update') : 'this';
    if (scope === null) return;
    onBusyChange(true);
    try {
      if (task) {
        const saved = await api<TaskView>(seriesUpdatePath(task.id, scope), { method: 'PUT', json: { ...body, updated: task.updated }, quietStatuses: [400, 422] });
        toast.success(t('updated'));
        onSaved(saved, false);
      } else {
        const multipart = new FormData();
        multipart.append('task', new Blob([JSON.stringify(body)], { type: 'application/json' }));
        for (const file of files) multipart.append('file', file);
        const saved = await api<TaskView>('tasks', { method: 'POST', body: multipart, quietStatuses: [400, 422] });
        toast.success(t('created', { referenceNumber: saved.referenceNumber }));
        onSaved(saved, true);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.warning(t('stale'));
        onStale();
      } else if (error instanceof ApiError && [400, 413, 415, 422].includes(error.status)) {
        setProblems((current) => ({ ...current, ...problemsFromServer(error.fields, errorText) }));
        const details = problemTexts(error.fields, errorText);
        toast.error(details.length > 0 ? details.join(' ') : errorText(error));
      } else {
        toast.error(t('saveFailed'));
      }
    } finally {
      onBusyChange(false);
    }
  }

  return (
    <>
      <form id={formId} noValidate className="flex flex-col gap-4" onSubmit={submitWhenValid(handleSubmit(save))}>
        <fieldset disabled={readOnly} className="flex flex-col gap-4">
          <PickerWithAdd addLabel={t('addTaskType')} onAdd={() => setTypeDrawerOpen(true)}>
            <Controller
              control={control}
              name="typeId"
              render={({ field }) => (
                <Combobox
                  label={`${t('fields.type')} *`}
                  value={field.value}
                  options={taskTypes.map((type) => ({ value: String(type.id), label: type.type }))}
                  placeholder={t('choose')}
                  disabled={readOnly}
                  error={problems.typeId}
                  onChange={field.onChange}
                />
              )}
            />
          </PickerWithAdd>
          <PickerWithAdd
            addLabel={t('addClient')}
            onAdd={() => {
              setEditedClientId(null);
              setClientDrawerOpen(true);
            }}
            edit={
              reference.clients.some((client) => String(client.id) === values.clientId)
                ? {
                    label: t('modifyClient'),
                    onEdit: () => {
                      setEditedClientId(Number(values.clientId));
                      setClientDrawerOpen(true);
                    },
                  }
                : undefined
            }
          >
            <Controller
              control={control}
              name="clientId"
              render={({ field }) => (
                <Combobox
                  label={t('fields.client')}
                  value={field.value}
                  options={clients.map((client) => ({ value: String(client.id), label: client.displayName }))}
                  clearLabel={t('none')}
                  disabled={readOnly}
                  onChange={field.onChange}
                />
              )}
            />
          </PickerWithAdd>
          <ScheduleFields
            form={form}
            context={{
              twentyFourHour: reference.twentyFourHour,
              timeZone: reference.timeZone,
              showTimeSlots: slotField.show,
              timeSlots: slotField.slots,
              currentAssignee: task?.assignee ?? null,
              startTime,
              durationMins,
              disabled: readOnly,
              dateError: problems.scheduleDate,
            }}
          />
          <Field label={t('fields.billingStatus')}>
            <select className={selectClass} {...register('billingStatusId')}>
              {billingChoices.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {tBilling(String(entry.id) as '1')}
                </option>
              ))}
            </select>
          </Field>
          {fields.length > 0 ? (
            <section className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
              <h3 className="text-sm font-semibold text-slate-800">{t('fields.customFields')}</h3>
              {fields.map((field) => (
                <CustomFieldInput
                  key={field.id}
                  field={field}
                  value={values.customFields[String(field.id)] ?? ''}
                  error={problems.customFields?.[String(field.id)]}
                  disabled={readOnly}
                  onChange={(next) => setValue(`customFields.${field.id}`, next, { shouldDirty: true })}
                />
              ))}
            </section>
          ) : null}
          {task ? null : (
            <FileField
              files={files}
              onChange={(next) => {
                setFiles(next);
                setProblems((current) => withoutProblemOf(current, 'files'));
              }}
            />
          )}
          <fieldset className="grid grid-cols-2 gap-3">
            <legend className="mb-1 text-sm font-medium text-slate-700">{t('fields.contact')}</legend>
            <Field label={t('fields.contactName')}>
              <TextInput maxLength={100} {...register('contact.name')} />
            </Field>
            <Field label={t('fields.contactSurname')}>
              <TextInput maxLength={100} {...register('contact.surname')} />
            </Field>
            <Field label={t('fields.phoneCountryCode')}>
              <TextInput maxLength={8} inputMode="tel" {...register('contact.phoneCountryCode')} />
            </Field>
            <Field label={t('fields.phone')}>
              <TextInput maxLength={30} inputMode="tel" {...register('contact.phone')} />
            </Field>
          </fieldset>
          <LocationField
            value={values.location}
            mapStyleUrl={mapStyleUrl}
            disabled={readOnly}
            onChange={(next) => setValue('location', next, { shouldDirty: true })}
          />
          <Field
            label={t('fields.description')}
            error={values.description.length > taskLimits.descriptionMax ? t('descriptionTooLong') : undefined}
          >
            <textarea
              rows={3}
              maxLength={taskLimits.descriptionMax}
              className={`${controlClass} border-slate-300`}
              {...register('description')}
            />
          </Field>
          <p className="-mt-3 text-right text-xs text-slate-500">{t('descriptionCount', { count: values.description.length })}</p>
        </fieldset>
      </form>
      {seriesChoice.modal}
      {/* Outside the form: React bubbles a nested drawer's submit through portals into this form's handler. */}
      <TaskTypeDrawer
        open={typeDrawerOpen}
        taskTypeId={null}
        onClose={() => setTypeDrawerOpen(false)}
        onSaved={(type) => {
          onReferenceChange({ ...reference, taskTypes: [...reference.taskTypes, type] });
          setValue('typeId', String(type.id), { shouldDirty: true });
          setTypeDrawerOpen(false);
        }}
      />
      <ClientDrawer
        open={clientDrawerOpen}
        clientId={editedClientId}
        onClose={() => setClientDrawerOpen(false)}
        onSaved={(client) => {
          const others = reference.clients.filter((known) => known.id !== client.id);
          onReferenceChange({ ...reference, clients: [...others, client] });
          setValue('clientId', String(client.id), { shouldDirty: true });
          setClientDrawerOpen(false);
        }}
        onDeleted={(id) => {
          onReferenceChange({ ...reference, clients: reference.clients.filter((known) => known.id !== id) });
          // A task that already has the client keeps it (soft delete); a form that only picked it lets it go.
          if (values.clientId === String(id) && task?.client?.id !== id) setValue('clientId', '', { shouldDirty: true });
        }}
      />
    </>
  );
}
