'use client';

import { useTranslations } from 'next-intl';
import { useWatch, type Path } from 'react-hook-form';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordForm } from '@/components/record-drawer/use-record-form';
import { CheckboxList, checkboxClass, checkLabelClass } from '@/components/ui/checkbox-list';
import { Field, selectClass, TextInput } from '@/components/ui/field';
import { PhoneCountrySelect } from './phone-country-select';
import { problem } from '@/lib/contract/errors';
import { languageNames, languages, type Language } from '@/lib/contract/languages';
import { codedParse, problemOfIssue } from '@/lib/contract/problems';
import { AdminUpdateUserBody, CreateUserBody, userMessages, type UserFormChoices, type UserView } from '@/lib/contract/user-admin';
import { bodyOf, formValuesOf, roleFlags, type UserFormValues } from './user-form';
import { TemplateOptions } from './template-options';

const formFields = ['username', 'name', 'surname', 'phoneCountryCode', 'phone', 'preferredLanguage', 'skills', 'zones', 'workingHoursTemplateId'] as const;
const fieldOf = (path: string) => formFields.find((name) => path === name || path.startsWith(`${name}.`));

/** Adds (userId null) or modifies a user: the drawer of spec 03 §2.6, 380 wide. */
export function UserDrawer({
  open,
  userId,
  choices,
  onClose,
  onChanged,
}: {
  open: boolean;
  userId: number | null;
  choices: UserFormChoices;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useTranslations('usersAdmin.drawer');
  const tRoles = useTranslations('usersAdmin.roles');
  const { form, editing, save, errorText, frame } = useRecordForm<UserFormValues, UserFormValues, UserView>({
    valuesOf: formValuesOf,
    fields: formFields,
    open,
    collection: 'users',
    id: userId,
    namespace: 'usersAdmin.drawer',
    updateQuery: '?admin=true',
    onClose,
    onSaved: onChanged,
    onDeleted: onChanged,
  });
  const { register, handleSubmit, setError, setValue, control, formState } = form;
  const values = useWatch({ control });
  const self = editing && userId === choices.callerId;

  // The body is checked with the call's own schema, so the form and the server give the same codes.
  const submit = handleSubmit((formValues) => {
    const body = bodyOf(formValues, choices, editing);
    const parsed = (editing ? AdminUpdateUserBody : CreateUserBody).safeParse(body, codedParse);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.join('.'));
        const refusal = problemOfIssue(issue);
        if (field) setError(field as Path<UserFormValues>, { type: refusal.code, message: errorText(refusal) });
      }
      return;
    }
    return save(body);
  });

  const { errors } = formState;
  // A users manager who is no owner cannot change an owner at all (the server refuses it too).
  const lockedOwner = editing && formState.defaultValues?.owner === true && !choices.callerIsOwner;
  const tick = (name: 'active' | (typeof roleFlags)[number], label: string, disabled = false) => (
    <label className={checkLabelClass}>
      <input
        type="checkbox"
        className={checkboxClass}
        disabled={disabled}
        {...register(name, {
          // Spec 03 §4: unchecking assignee forces zone to none.
          onChange: (event: { target: { checked: boolean } }) => {
            if (name === 'assignee' && !event.target.checked) setValue('zones', [], { shouldDirty: true });
          },
        })}
      />
      {label}
    </label>
  );

  return (
    <RecordDrawer {...frame} deletable={!self && !lockedOwner} width={380}>
      <form id={frame.formId} noValidate onSubmit={submit}>
        <fieldset disabled={lockedOwner} className="flex flex-col gap-4">
          {lockedOwner ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-800">{errorText(problem('user.ownerOnly', userMessages.ownerOnly))}</p>
          ) : null}
          <Field label={t('username')} error={errors.username?.message}>
            <TextInput type="email" autoComplete="off" readOnly={editing} invalid={Boolean(errors.username)} className={editing ? 'bg-slate-100' : ''} {...register('username')} />
          </Field>
          <Field label={t('name')} error={errors.name?.message}>
            <TextInput autoComplete="off" invalid={Boolean(errors.name)} {...register('name')} />
          </Field>
          <Field label={t('surname')} error={errors.surname?.message}>
            <TextInput autoComplete="off" invalid={Boolean(errors.surname)} {...register('surname')} />
          </Field>
          <PhoneCountrySelect
            label={t('phoneCountryCode')}
            clearLabel={t('noPhoneCountryCode')}
            value={values.phoneCountryCode ?? ''}
            error={errors.phoneCountryCode?.message}
            onChange={(code) => setValue('phoneCountryCode', code, { shouldDirty: true })}
          />
          <Field label={t('phone')} error={errors.phone?.message}>
            <TextInput type="tel" autoComplete="off" invalid={Boolean(errors.phone)} {...register('phone')} />
          </Field>
          <Field label={t('preferredLanguage')} error={errors.preferredLanguage?.message}>
            <select className={selectClass} {...register('preferredLanguage')}>
              {languages.map((language: Language) => (
                <option key={language} value={language}>
                  {languageNames[language]}
                </option>
              ))}
            </select>
          </Field>
          <fieldset className="flex flex-col gap-1 text-sm text-slate-700">
            <legend className="mb-1 font-medium">{t('roles')}</legend>
            {roleFlags.map((role) => (
              <div key={role}>
                {tick(role, tRoles(role), role === 'owner' && !choices.callerIsOwner)}
              </div>
            ))}
            {!choices.callerIsOwner ? <p className="text-xs text-slate-500">{t('ownerOnlyNote')}</p> : null}
          </fieldset>
          <div className="text-sm text-slate-700">{tick('active', t('active'), self)}</div>
          {choices.skills ? (
            <CheckboxList
              legend={t('skills')}
              options={choices.skills.map(({ id, name }) => ({ id, label: name }))}
              chosen={values.skills ?? []}
              emptyText={t('noSkills')}
              error={errors.skills?.message}
              onChange={(ids) => setValue('skills', ids, { shouldDirty: true })}
            />
          ) : null}
          {choices.zones && values.assignee ? (
            <CheckboxList
              legend={t('zones')}
              options={choices.zones.map(({ id, name }) => ({ id, label: name }))}
              chosen={values.zones ?? []}
              emptyText={t('noZones')}
              error={errors.zones?.message}
              onChange={(ids) => setValue('zones', ids, { shouldDirty: true })}
            />
          ) : choices.zones ? (
            <p className="text-xs text-slate-500">{t('zonesForAssignees')}</p>
          ) : null}
          {choices.templates ? (
            <Field label={t('template')} error={errors.workingHoursTemplateId?.message}>
              <select className={selectClass} {...register('workingHoursTemplateId')}>
                <option value="">{t('noTemplate')}</option>
                <TemplateOptions templates={choices.templates} />
              </select>
            </Field>
          ) : null}
          {!editing ? <p className="text-xs text-slate-500">{t('firstLoginNote')}</p> : null}
        </fieldset>
      </form>
    </RecordDrawer>
  );
}
