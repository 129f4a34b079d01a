'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Drawer } from '@/components/ui/drawer';
import { Field, TextInput, selectClass } from '@/components/ui/field';
import type { TaskFilterCriteria } from '@/lib/client/tasks/filters';
import type { ClientView } from '@/lib/contract/clients';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import { billingStatusCatalogue, taskStatusCatalogue } from '@/lib/contract/statuses';
import type { TaskTypeView } from '@/lib/contract/task-types';

export interface WorkerOption {
  id: number;
  name: string;
}


function IdSelect({
  label,
  value,
  options,
  anyLabel,
  onChange,
}: {
  label: string;
  value: number | null | undefined;
  options: ReadonlyArray<{ id: number; name: string }>;
  anyLabel: string;
  onChange: (id: number | null) => void;
}) {
  return (
    <Field label={label}>
      <select
        className={selectClass}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

function CheckboxGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm text-slate-700">
      <legend className="mb-1 font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">{children}</div>
    </fieldset>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" className="size-4 accent-brand" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

const toggled = (list: readonly number[] | undefined, id: number, on: boolean) =>
  on ? [...(list ?? []), id] : (list ?? []).filter((item) => item !== id);

const isMultiSelect = (field: CustomFieldView) =>
  field.fieldType === 'MULTI_SELECT' || field.fieldType === 'MULTI_SELECT_QUANTITY';

/** Every criterion of the spec's filter drawer; they combine with AND when Filter is pressed. */
export function FilterDrawer({
  open,
  initial,
  taskTypes,
  clients,
  workers,
  customFields,
  onClose,
  onApply,
}: {
  open: boolean;
  initial: TaskFilterCriteria;
  taskTypes: readonly TaskTypeView[];
  clients: readonly ClientView[];
  workers: readonly WorkerOption[];
  customFields: readonly CustomFieldView[];
  onClose: () => void;
  onApply: (criteria: TaskFilterCriteria) => void;
}) {
  const t = useTranslations('taskList.filter');
  const tStatus = useTranslations('statuses');
  const [draft, setDraft] = useState<TaskFilterCriteria>(initial);
  const change = (part: Partial<TaskFilterCriteria>) => setDraft((current) => ({ ...current, ...part }));
  const setFieldText = (id: number, text: string) =>
    change({ customFieldTexts: { ...draft.customFieldTexts, [id]: text } });
  const setFieldOption = (id: number, option: string, on: boolean) => {
    const held = draft.customFieldOptions?.[id] ?? [];
    const next = on ? [...held, option] : held.filter((item) => item !== option);
    change({ customFieldOptions: { ...draft.customFieldOptions, [id]: next } });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('title')}
      closeLabel={t('close')}
      footer={<DialogActions cancelLabel={t('reset')} onCancel={() => setDraft({})} confirmLabel={t('apply')} onConfirm={() => onApply(draft)} />}
    >
      <div className="flex flex-col gap-4">
        <IdSelect
          label={t('taskType')}
          anyLabel={t('any')}
          value={draft.typeId}
          options={taskTypes.map((type) => ({ id: type.id, name: type.type }))}
          onChange={(typeId) => change({ typeId })}
        />
        <IdSelect
          label={t('client')}
          anyLabel={t('any')}
          value={draft.clientId}
          options={clients.map((client) => ({ id: client.id, name: client.displayName }))}
          onChange={(clientId) => change({ clientId })}
        />
        <IdSelect
          label={t('worker')}
          anyLabel={t('any')}
          value={draft.assigneeId}
          options={workers}
          onChange={(assigneeId) => change({ assigneeId })}
        />
        <CheckboxGroup legend={t('taskStatus')}>
          {taskStatusCatalogue.map((status) => (
            <Check
              key={status.id}
              label={tStatus(`task.${status.id}`)}
              checked={draft.statusIds?.includes(status.id) ?? false}
              onChange={(on) => change({ statusIds: toggled(draft.statusIds, status.id, on) })}
            />
          ))}
        </CheckboxGroup>
        <CheckboxGroup legend={t('billingStatus')}>
          {billingStatusCatalogue.map((status) => (
            <Check
              key={status.id}
              label={tStatus(`billing.${status.id}`)}
              checked={draft.billingStatusIds?.includes(status.id) ?? false}
              onChange={(on) => change({ billingStatusIds: toggled(draft.billingStatusIds, status.id, on) })}
            />
          ))}
        </CheckboxGroup>
        <Field label={t('notesText')}>
          <TextInput value={draft.notesText ?? ''} maxLength={200} onChange={(event) => change({ notesText: event.target.value })} />
        </Field>
        <Field label={t('filesText')}>
          <TextInput value={draft.filesText ?? ''} maxLength={200} onChange={(event) => change({ filesText: event.target.value })} />
        </Field>
        {customFields.length > 0 ? (
          <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
            <p className="text-sm font-semibold text-slate-900">{t('customFields')}</p>
            {customFields.map((field) => {
              if (isMultiSelect(field)) {
                return (
                  <CheckboxGroup key={field.id} legend={field.fieldName}>
                    {field.options.map((option) => (
                      <Check
                        key={option}
                        label={option}
                        checked={draft.customFieldOptions?.[field.id]?.includes(option) ?? false}
                        onChange={(on) => setFieldOption(field.id, option, on)}
                      />
                    ))}
                  </CheckboxGroup>
                );
              }
              const text = draft.customFieldTexts?.[field.id] ?? '';
              if (field.fieldType === 'SINGLE_SELECT' || field.fieldType === 'BOOLEAN') {
                const options =
                  field.fieldType === 'BOOLEAN'
                    ? [
                        { value: 'true', label: t('yes') },
                        { value: 'false', label: t('no') },
                      ]
                    : field.options.map((option) => ({ value: option, label: option }));
                return (
                  <Field key={field.id} label={field.fieldName}>
                    <select className={selectClass} value={text} onChange={(event) => setFieldText(field.id, event.target.value)}>
                      <option value="">{t('any')}</option>
                      {options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </Field>
                );
              }
              return (
                <Field key={field.id} label={field.fieldName}>
                  <TextInput value={text} onChange={(event) => setFieldText(field.id, event.target.value)} />
                </Field>
              );
            })}
          </div>
        ) : null}
      </div>
    </Drawer>
  );
}
