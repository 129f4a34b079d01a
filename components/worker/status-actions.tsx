'use client';

import { CheckCircle2, Pause, Play } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { CustomFieldInput } from '@/components/tasks/drawer/custom-field-input';
import { Button } from '@/components/ui/button';
import { quantityProblem, storedToQuantityDrafts, type FormCustomField } from '@/lib/client/task-form/custom-fields';
import type { WorkerData } from '@/lib/client/worker/use-worker-data';
import { customFieldTypes, type CustomFieldType } from '@/lib/contract/custom-fields';
import { TaskStatus, type MissingCustomField, type TaskView } from '@/lib/contract/tasks';
import type { WorkerCustomField } from '@/lib/contract/worker';
import { refusesInvalidFields } from '@/lib/client/form-validity';

const bigButton = 'min-h-12 flex-1 text-base';

/** ON_COMPLETION fields the task's values show empty: known before asking the server, so it works offline too. */
function knownEmptyCompletionFields(task: TaskView): MissingCustomField[] {
  return task.customFieldValues
    .filter((value) => value.requiredType === 'ON_COMPLETION' && !value.fieldValue?.trim())
    .map((value) => ({ id: value.customFieldId, fieldName: value.customFieldName }));
}

const isFieldType = (type: string): type is CustomFieldType => (customFieldTypes as readonly string[]).includes(type);

function formFieldOf(field: MissingCustomField, task: TaskView, definitions: readonly WorkerCustomField[]): FormCustomField {
  const definition = definitions.find((candidate) => candidate.id === field.id);
  const known = task.customFieldValues.find((value) => value.customFieldId === field.id);
  const type = definition?.fieldType ?? (known && isFieldType(known.fieldType) ? known.fieldType : 'TEXT');
  const options = definition?.options ?? [];
  const usable: CustomFieldType = options.length === 0 && type.includes('SELECT') ? 'TEXT' : type;
  return { id: field.id, fieldName: field.fieldName, fieldType: usable, options, required: true, requiredType: 'ON_COMPLETION' };
}

/** A ticked material without a valid quantity: the field shows it by the item, and the form is not sent. */
function hasQuantityProblem(field: FormCustomField, value: string | undefined): boolean {
  if (field.fieldType !== 'MULTI_SELECT_QUANTITY') return false;
  return storedToQuantityDrafts(value ?? '').some((draft) => quantityProblem(draft.quantity) !== null);
}

/** Start, pause, resume and complete; completing asks for the ON_COMPLETION fields right here when they are empty. */
export function StatusActions({ task, data }: { task: TaskView; data: WorkerData }) {
  const t = useTranslations('worker');
  const flaggedByServer = data.missing.get(task.id);
  const [asking, setAsking] = useState<MissingCustomField[] | null>(null);
  const flagged = flaggedByServer ?? asking;
  const [values, setValues] = useState<Record<number, string>>({});
  const [showErrors, setShowErrors] = useState(false);

  const change = (statusId: 2 | 3 | 4) => {
    void data.enqueue(task.id, { kind: 'status', body: { statusId } });
  };

  function complete() {
    const empty = knownEmptyCompletionFields(task);
    if (empty.length > 0) setAsking(empty);
    else change(TaskStatus.completed);
  }

  function submitCompletion(event: FormEvent) {
    event.preventDefault();
    // A date field holding a day that does not exist keeps its last good value: it must not be sent as that.
    if (!flagged || refusesInvalidFields(event.currentTarget instanceof Element ? event.currentTarget : null)) return;
    const blocked = flagged.some(
      (field) => !values[field.id]?.trim() || hasQuantityProblem(formFieldOf(field, task, data.customFields), values[field.id]),
    );
    if (blocked) {
      setShowErrors(true);
      return;
    }
    const customFieldValues = flagged.map((field) => ({ customFieldId: field.id, fieldValue: values[field.id] }));
    setAsking(null);
    setShowErrors(false);
    void data.enqueue(task.id, { kind: 'status', body: { statusId: TaskStatus.completed, customFieldValues } });
  }

  if (task.statusId === TaskStatus.completed || task.statusId === TaskStatus.cancelled) return null;

  if (flagged && flagged.length > 0) {
    return (
      <form onSubmit={submitCompletion} aria-label={t('completeForm')} className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3" noValidate>
        <p role="alert" className="text-sm font-medium text-amber-900">
          {t('fillToComplete')}
        </p>
        {flagged.map((field) => {
          const formField = formFieldOf(field, task, data.customFields);
          return (
            <CustomFieldInput
              key={field.id}
              field={formField}
              value={values[field.id] ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [field.id]: value }))}
              error={showErrors && !values[field.id]?.trim() ? t('required') : undefined}
            />
          );
        })}
        <div className="flex gap-2">
          <Button type="submit" className={bigButton}>
            <CheckCircle2 size={20} aria-hidden /> {t('action.complete')}
          </Button>
          {asking && !flaggedByServer ? (
            <Button type="button" variant="secondary" className="min-h-12" onClick={() => setAsking(null)}>
              {t('cancel')}
            </Button>
          ) : null}
        </div>
      </form>
    );
  }

  return (
    <div className="flex gap-2">
      {task.statusId === TaskStatus.pending ? (
        <Button className={bigButton} onClick={() => change(TaskStatus.inProgress)}>
          <Play size={20} aria-hidden /> {t('action.start')}
        </Button>
      ) : null}
      {task.statusId === TaskStatus.inProgress ? (
        <Button variant="secondary" className={bigButton} onClick={() => change(TaskStatus.paused)}>
          <Pause size={20} aria-hidden /> {t('action.pause')}
        </Button>
      ) : null}
      {task.statusId === TaskStatus.paused ? (
        <Button variant="secondary" className={bigButton} onClick={() => change(TaskStatus.inProgress)}>
          <Play size={20} aria-hidden /> {t('action.resume')}
        </Button>
      ) : null}
      {task.statusId === TaskStatus.inProgress || task.statusId === TaskStatus.paused ? (
        <Button className={bigButton} onClick={complete}>
          <CheckCircle2 size={20} aria-hidden /> {t('action.complete')}
        </Button>
      ) : null}
    </div>
  );
}
