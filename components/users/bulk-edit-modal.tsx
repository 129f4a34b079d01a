'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { DialogActions } from '@/components/ui/dialog-actions';
import { CheckboxList, checkboxClass, checkLabelClass } from '@/components/ui/checkbox-list';
import { Field, selectClass } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { ApiError, api } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import { filterOptions } from '@/lib/client/option-filter';
import { languageNames, languages, type Language } from '@/lib/contract/languages';
import type { UserFormChoices } from '@/lib/contract/user-admin';
import type { UserListItem } from '@/lib/contract/users';
import { TemplateOptions } from './template-options';

/** A field of the bulk edit: left unchanged ('') or set to one value. */
type Choice = '' | 'yes' | 'no';
const bulkRoles = ['tasksManager', 'usersManager', 'billingManager', 'assignee'] as const;

interface BulkState {
  userIds: number[];
  active: Choice;
  roles: Record<(typeof bulkRoles)[number], Choice>;
  language: '' | Language;
  replaceSkills: boolean;
  skills: number[];
  replaceZones: boolean;
  zones: number[];
  /** '' unchanged, 'none' clears, else a template id. */
  template: string;
}

const blank = (): BulkState => ({
  userIds: [],
  active: '',
  roles: { tasksManager: '', usersManager: '', billingManager: '', assignee: '' },
  language: '',
  replaceSkills: false,
  skills: [],
  replaceZones: false,
  zones: [],
  template: '',
});

const flag = (choice: Choice) => (choice === '' ? undefined : choice === 'yes');

/** The call's body: only what the manager chose to change (PUT users/update-multi-user?admin=true). */
function bodyOf(state: BulkState) {
  return {
    userIds: state.userIds,
    active: flag(state.active),
    ...Object.fromEntries(bulkRoles.map((role) => [role, flag(state.roles[role])])),
    preferredLanguage: state.language === '' ? undefined : state.language,
    skills: state.replaceSkills ? state.skills.map((skillId) => ({ skillId })) : undefined,
    zones: state.replaceZones ? state.zones.map((zoneId) => ({ zoneId })) : undefined,
    workingHoursTemplateId: state.template === '' ? undefined : state.template === 'none' ? null : Number(state.template),
  };
}

/** The Actions menu's "edit multiple users" (spec 03 §2.6): pick users, then the fields to set on all of them. */
export function BulkEditModal({
  open,
  users,
  choices,
  onClose,
  onSaved,
}: {
  open: boolean;
  users: readonly UserListItem[];
  choices: UserFormChoices;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations('usersAdmin.bulk');
  const tRoles = useTranslations('usersAdmin.roles');
  const tList = useTranslations('usersAdmin.list');
  const errorText = useErrorText();
  const [state, setState] = useState<BulkState>(blank);
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<BulkState>) => setState((current) => ({ ...current, ...change }));

  // The signed-in manager is not offered: they cannot deactivate themself, and an owner is changed by an owner only.
  const offered = users
    .filter((user) => user.id !== choices.callerId && (choices.callerIsOwner || !user.roles.includes('owner')))
    .map((user) => ({ id: user.id, value: String(user.id), label: `${user.name} ${user.surname} (${user.username})` }));
  // Users hidden by the filter stay ticked.
  const shown = filterOptions(offered, filter);
  const body = bodyOf(state);
  const hasChange = Object.entries(body).some(([key, value]) => key !== 'userIds' && value !== undefined);

  const close = () => {
    setState(blank());
    setFilter('');
    onClose();
  };

  const apply = async () => {
    setBusy(true);
    try {
      await api<UserListItem[]>('users/update-multi-user?admin=true', { method: 'PUT', json: body, quietStatuses: [400] });
      toast.success(t('saved'));
      onSaved();
      close();
    } catch (error) {
      // Other failures have been shown. A 400 or 404 here is a list gone stale (a user, skill or zone removed
      // meanwhile): its first problem, in the user's language by its code.
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
        toast.error(errorText(Object.values(error.fields ?? {})[0]?.[0] ?? error));
      }
    } finally {
      setBusy(false);
    }
  };

  const choiceSelect = (label: string, value: Choice, onChange: (choice: Choice) => void) => (
    <Field label={label}>
      <select className={selectClass} value={value} onChange={(event) => onChange(event.target.value as Choice)}>
        <option value="">{t('unchanged')}</option>
        <option value="yes">{t('yes')}</option>
        <option value="no">{t('no')}</option>
      </select>
    </Field>
  );

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('title')}
      width={720}
      footer={
        <DialogActions
          cancelLabel={t('cancel')}
          onCancel={close}
          confirmLabel={t('apply')}
          onConfirm={() => void apply()}
          confirmDisabled={busy || state.userIds.length === 0 || !hasChange}
        />
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <input type="search" className={selectClass} placeholder={t('filter')} aria-label={t('filter')} value={filter} onChange={(event) => setFilter(event.target.value)} />
          <fieldset className="flex flex-col gap-1 text-sm text-slate-700">
            <legend className="mb-1 font-medium">{`${t('users')} · ${t('selected', { count: state.userIds.length })}`}</legend>
            {/* One user a line: names and e-mails are too long for the two columns of the other pickers. */}
            <div className="flex max-h-80 flex-col gap-1 overflow-y-auto rounded-md border border-slate-200 p-2">
              {shown.length === 0 ? <p className="text-xs text-slate-500">{t('noMatch')}</p> : null}
              {shown.map((user) => (
                <label key={user.id} className={checkLabelClass} title={user.label}>
                  <input
                    type="checkbox"
                    className={checkboxClass}
                    checked={state.userIds.includes(user.id)}
                    onChange={(event) =>
                      set({ userIds: event.target.checked ? [...state.userIds, user.id] : state.userIds.filter((id) => id !== user.id) })
                    }
                  />
                  <span className="truncate">{user.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {state.userIds.length === 0 ? <p className="text-xs text-slate-500">{t('pickUsers')}</p> : null}
        </div>
        <div className="flex flex-col gap-3">
          <Field label={t('status')}>
            <select className={selectClass} value={state.active} onChange={(event) => set({ active: event.target.value as Choice })}>
              <option value="">{t('unchanged')}</option>
              <option value="yes">{tList('active')}</option>
              <option value="no">{tList('deactivated')}</option>
            </select>
          </Field>
          {bulkRoles.map((role) => (
            <div key={role}>{choiceSelect(tRoles(role), state.roles[role], (choice) => set({ roles: { ...state.roles, [role]: choice } }))}</div>
          ))}
          <Field label={t('language')}>
            <select className={selectClass} value={state.language} onChange={(event) => set({ language: event.target.value as '' | Language })}>
              <option value="">{t('unchanged')}</option>
              {languages.map((language) => (
                <option key={language} value={language}>
                  {languageNames[language]}
                </option>
              ))}
            </select>
          </Field>
          {choices.skills ? (
            <ReplaceList
              label={t('replaceSkills')}
              on={state.replaceSkills}
              onToggle={(on) => set({ replaceSkills: on })}
              options={choices.skills}
              chosen={state.skills}
              onChange={(ids) => set({ skills: ids })}
              emptyText={t('noneDefined')}
            />
          ) : null}
          {choices.zones ? (
            <ReplaceList
              label={t('replaceZones')}
              on={state.replaceZones}
              onToggle={(on) => set({ replaceZones: on })}
              options={choices.zones}
              chosen={state.zones}
              onChange={(ids) => set({ zones: ids })}
              emptyText={t('noneDefined')}
            />
          ) : null}
          {choices.templates ? (
            <Field label={t('template')}>
              <select className={selectClass} value={state.template} onChange={(event) => set({ template: event.target.value })}>
                <option value="">{t('unchanged')}</option>
                <option value="none">{t('noTemplate')}</option>
                <TemplateOptions templates={choices.templates} />
              </select>
            </Field>
          ) : null}
          {!hasChange ? <p className="text-xs text-slate-500">{t('nothingToChange')}</p> : null}
        </div>
      </div>
    </Modal>
  );
}

/** A "replace with" tick box and, once ticked, the list to replace with (an empty list clears). */
function ReplaceList({
  label,
  on,
  onToggle,
  options,
  chosen,
  onChange,
  emptyText,
}: {
  label: string;
  emptyText: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  options: readonly { id: number; name: string }[];
  chosen: number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      <label className={checkLabelClass}>
        <input type="checkbox" className={checkboxClass} checked={on} onChange={(event) => onToggle(event.target.checked)} />
        {label}
      </label>
      {on ? <CheckboxList legend={label} options={options.map(({ id, name }) => ({ id, label: name }))} chosen={chosen} emptyText={emptyText} onChange={onChange} /> : null}
    </div>
  );
}
