'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { ActionModal, useBusyAction } from '@/components/ui/action-modal';
import { api, ApiError } from '@/lib/client/api';
import { inGroupsOf } from '@/lib/client/tasks/columns';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import { duplicableFields, type DuplicateBody, type TaskView } from '@/lib/contract/tasks';

export const duplicateGroupSize = 6;

/** Copied whatever is ticked: the title always, and the fields every task must have (spec 01 §5). */
const forcedFields = ['id', 'created', 'updated', 'title', 'assignee', 'taskType', 'scheduleTime', 'status'] as const;
type OptionalField = (typeof duplicableFields)[number];

interface GridEntry {
  key: string;
  label: string;
  forced: boolean;
}

/** The ids the server refused, from its 422 fields named tasks.{id}. */
function refusedIds(error: unknown): number[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  return Object.keys(error.fields)
    .map((key) => Number(key.replace(/^tasks\./, '')))
    .filter((id) => Number.isInteger(id));
}

export function DuplicateModal({
  taskIds,
  referenceNumbersOf,
  customFields,
  timeSlotsEnabled,
  onClose,
  onDone,
}: {
  taskIds: readonly number[];
  /** The refusal names tasks by the reference numbers users know, not the ids the server answers. */
  referenceNumbersOf: (taskIds: readonly number[]) => number[];
  customFields: readonly CustomFieldView[];
  /** Without feature 3 the server refuses copying slots, so the choice is not offered. */
  timeSlotsEnabled: boolean;
  onClose: () => void;
  onDone: (copies: TaskView[]) => void;
}) {
  const t = useTranslations('taskList.duplicate');
  const offered = duplicableFields.filter((key) => timeSlotsEnabled || key !== 'timeSlot');
  const [chosen, setChosen] = useState<Set<OptionalField>>(new Set(offered));
  const [saving, runBusy] = useBusyAction();

  const entries: GridEntry[] = [
    ...forcedFields.map((key) => ({ key, label: t(`fields.${key}`), forced: true })),
    ...customFields
      .filter((field) => field.requiredType === 'ON_SAVE')
      .map((field) => ({ key: `customField${field.id}`, label: field.fieldName, forced: true })),
    ...offered.map((key) => ({ key, label: t(`fields.${key}`), forced: false })),
  ];

  const toggle = (key: OptionalField, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const duplicate = () =>
    runBusy(async () => {
      const body: DuplicateBody = { tasks: [...taskIds], fields: [...chosen] };
      try {
        onDone(await api<TaskView[]>('tasks/duplicate', { method: 'POST', json: body, quietStatuses: [400, 422] }));
      } catch (error) {
        const refused = referenceNumbersOf(refusedIds(error));
        toast.error(t('failed'), { description: refused.length > 0 ? t('refused', { ids: refused.join(', ') }) : undefined });
      }
    });

  return (
    <ActionModal
      title={t('title')}
      width={720}
      onClose={onClose}
      cancelLabel={t('cancel')}
      confirmLabel={t('confirm', { count: taskIds.length })}
      onConfirm={() => void duplicate()}
      confirmDisabled={saving}
    >
      <p className="mb-3 text-sm text-slate-600">{t('intro', { count: taskIds.length })}</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {inGroupsOf(entries, duplicateGroupSize).map((group, index) => (
          <fieldset key={index} className="flex flex-col gap-1.5 rounded-md border border-slate-200 p-3">
            <legend className="sr-only">{t('group', { number: index + 1 })}</legend>
            {group.map((entry) => (
              <label key={entry.key} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 accent-brand"
                  checked={entry.forced || chosen.has(entry.key as OptionalField)}
                  disabled={entry.forced}
                  onChange={(event) => toggle(entry.key as OptionalField, event.target.checked)}
                />
                {entry.label}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <p className="mt-3 text-xs text-slate-500">{t('forcedNote')}</p>
    </ActionModal>
  );
}
