'use client';

import { Info } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Controller, useWatch, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordForm } from '@/components/record-drawer/use-record-form';
import { Field, selectClass, TextInput } from '@/components/ui/field';
import {
  barePlaceholders,
  messageTypes,
  notificationLimits,
  notificationRecipients,
  notificationTypes,
  NotificationBody,
  type NotificationView,
} from '@/lib/contract/notifications';
import { taskStatusCatalogue } from '@/lib/contract/statuses';
import { MessageEditor } from './message-editor';
import { useNotificationLabels } from './use-notification-labels';

type NotificationFormValues = z.input<typeof NotificationBody>;

const formValuesOf = (view: NotificationView | null): DefaultValues<NotificationFormValues> => ({
  type: view?.type,
  numberOfHours: view?.numberOfHours ?? null,
  statusId: view?.statusId ?? null,
  recipient: view?.recipient,
  messageType: view?.messageType,
  subject: view?.subject ?? '',
  // The editor holds placeholders bare; the server prefixes them after the recipient again on save.
  message: view ? barePlaceholders(view.message) : '',
});

const formFields = ['type', 'numberOfHours', 'statusId', 'recipient', 'messageType', 'subject', 'message'] as const;

const emptyAsUndefined = (value: string) => (value === '' ? undefined : value);
const emptyAsNull = (value: string) => (value === '' ? null : Number(value));

/** Adds (notificationId null) or modifies a notification rule; the type is fixed once the rule exists (spec 03 §5). */
export function NotificationDrawer({
  open,
  notificationId,
  trackingLink,
  onClose,
  onChanged,
}: {
  open: boolean;
  notificationId: number | null;
  /** Feature 7: only then is tracking_url offered. */
  trackingLink: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useTranslations('notifications');
  const tStatus = useTranslations('statuses.task');
  const labels = useNotificationLabels();
  const messageLabelId = useId();
  const { form, editing, submit, frame } = useRecordForm<NotificationFormValues, NotificationBody, NotificationView>({
    schema: NotificationBody,
    valuesOf: formValuesOf,
    fields: formFields,
    open,
    collection: 'notification',
    id: notificationId,
    namespace: 'notifications',
    onClose,
    onSaved: onChanged,
    onDeleted: onChanged,
    // Rules are read by the sender every few minutes, so a changed message is not used at once (spec 03 §7, §9).
    savedMessage: ({ formState }) => (formState.dirtyFields.message ? t('savedAppliesLater') : undefined),
  });
  const { register, control, formState } = form;
  const [type, messageType, recipient, subject] = useWatch({ control, name: ['type', 'messageType', 'recipient', 'subject'] });
  const messageChanged = editing && Boolean(formState.dirtyFields.message);
  const { errors } = formState;
  const { formId } = frame;

  return (
    <RecordDrawer {...frame}>
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('fields.type')} error={errors.type?.message}>
          {editing ? (
            // Not registered: a disabled control would drop the value, and the type is sent unchanged anyway.
            <select className={selectClass} disabled value={type ?? ''} aria-describedby={`${formId}-type-fixed`}>
              {type ? <option value={type}>{labels.type(type)}</option> : null}
            </select>
          ) : (
            <select className={selectClass} aria-invalid={Boolean(errors.type) || undefined} {...register('type', { setValueAs: emptyAsUndefined })}>
              <option value="">{t('fields.choose')}</option>
              {notificationTypes.map((value) => (
                <option key={value} value={value}>
                  {labels.type(value)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {editing ? (
          <p id={`${formId}-type-fixed`} className="-mt-3 text-xs text-slate-500">
            {t('typeFixed')}
          </p>
        ) : null}
        {type === 'BEFORE_APPOINTMENT' ? (
          <Field label={t('fields.numberOfHours')} error={errors.numberOfHours?.message}>
            <TextInput
              type="number"
              inputMode="numeric"
              min={notificationLimits.minHours}
              max={notificationLimits.maxHours}
              step={1}
              invalid={Boolean(errors.numberOfHours)}
              {...register('numberOfHours', { setValueAs: emptyAsNull })}
            />
          </Field>
        ) : null}
        {type === 'ON_TASK_STATUS_CHANGE' ? (
          <Field label={t('fields.status')} error={errors.statusId?.message}>
            <select className={selectClass} aria-invalid={Boolean(errors.statusId) || undefined} {...register('statusId', { setValueAs: emptyAsNull })}>
              <option value="">{t('fields.choose')}</option>
              {taskStatusCatalogue.map((status) => (
                <option key={status.id} value={status.id}>
                  {tStatus(String(status.id) as '1')}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <Field label={t('fields.recipient')} error={errors.recipient?.message}>
          <select className={selectClass} aria-invalid={Boolean(errors.recipient) || undefined} {...register('recipient', { setValueAs: emptyAsUndefined })}>
            <option value="">{t('fields.choose')}</option>
            {notificationRecipients.map((value) => (
              <option key={value} value={value}>
                {labels.recipient(value)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('fields.messageType')} error={errors.messageType?.message}>
          <select className={selectClass} aria-invalid={Boolean(errors.messageType) || undefined} {...register('messageType', { setValueAs: emptyAsUndefined })}>
            <option value="">{t('fields.choose')}</option>
            {messageTypes.map((value) => (
              <option key={value} value={value}>
                {labels.messageType(value)}
              </option>
            ))}
          </select>
        </Field>
        {messageType === 'EMAIL' ? (
          <div className="flex flex-col gap-1">
            <Field label={t('fields.subject')} error={errors.subject?.message}>
              <TextInput
                autoComplete="off"
                maxLength={notificationLimits.subjectMax}
                invalid={Boolean(errors.subject)}
                aria-describedby={`${formId}-subject-count`}
                {...register('subject')}
              />
            </Field>
            <span id={`${formId}-subject-count`} className="self-end text-xs text-slate-500" aria-live="polite">
              {t('subjectCount', { count: (subject ?? '').length, max: notificationLimits.subjectMax })}
            </span>
          </div>
        ) : null}
        <div className="flex flex-col gap-1 text-sm text-slate-700">
          <span id={messageLabelId} className="font-medium">
            {t('fields.message')}
          </span>
          <Controller
            control={control}
            name="message"
            render={({ field }) => (
              <MessageEditor
                labelId={messageLabelId}
                value={field.value ?? ''}
                recipient={recipient}
                trackingLink={trackingLink}
                invalid={Boolean(errors.message)}
                placeholdersLabel={t('placeholders')}
                describePlaceholder={labels.placeholder}
                onChange={field.onChange}
              />
            )}
          />
          {errors.message ? (
            <span role="alert" className="text-xs text-red-600">
              {errors.message.message}
            </span>
          ) : null}
          <span className="text-xs text-slate-500">{t('messageHint')}</span>
        </div>
        {messageChanged ? (
          <p role="status" className="flex items-start gap-2 rounded-md bg-blue-50 p-3 text-xs text-blue-800">
            <Info size={14} aria-hidden className="mt-0.5 shrink-0" />
            {t('appliesLater')}
          </p>
        ) : null}
      </form>
    </RecordDrawer>
  );
}
