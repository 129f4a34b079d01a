import { createTranslator } from 'use-intl/core';
import { formatTimeOfDay } from '@/lib/contract/time-of-day';
import {
  parseDateFieldValue,
  parseMultiSelectValue,
  type CustomFieldType,
} from '@/lib/contract/custom-fields';
import { defaultCancellationReasonKey } from '@/lib/contract/cancellation-reasons';
import { numericDateFormatter } from '@/lib/contract/numeric-date';
import type { Language } from '@/lib/contract/languages';
import { quantityListText } from '@/lib/contract/quantity-list';
import type { TaskCustomFieldValue } from '@/lib/contract/tasks';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';
import { messagesFor, type Messages } from '@/lib/i18n/messages';

export interface ReportReader {
  language: Language;
  t: ReturnType<typeof createTranslator<Messages, 'taskReport.pdf'>>;
  taskStatus: (statusId: number) => string;
  billingStatus: (billingStatusId: number) => string;
  /** 'YYYY-MM-DD' as the user reads a date. */
  date: (isoDate: string) => string;
  /** 'HH:mm' in the user's 12- or 24-hour clock. */
  time: (hhmm: string) => string;
  /** An instant as a date and time in the tenant's zone. */
  instant: (instant: Date | string) => string;
  /** A custom field's stored text, readable: yes/no, local dates, "item × qty" lists; '-' when empty. */
  fieldValue: (value: Pick<TaskCustomFieldValue, 'fieldType' | 'fieldValue'>) => string;
  /** Text or the empty mark. */
  orEmpty: (value: string | null | undefined) => string;
  /** A cancellation reason: a default in the user's language (spec 03 §3), a company's own as typed. */
  cancellationReason: (name: string | null | undefined) => string;
}

/** How the user reads the report: their language, their clock, the tenant's time zone. */
export function reportReader(options: { language: Language; twentyFourHour: boolean; timeZone: string }): ReportReader {
  const { language, twentyFourHour, timeZone } = options;
  const messages = messagesFor(language);
  const t = createTranslator({ locale: language, messages, namespace: 'taskReport.pdf' });
  const statuses = createTranslator({ locale: language, messages, namespace: 'statuses' });
  const reasons = createTranslator({ locale: language, messages, namespace: 'cancellationReasonSettings.defaults' });
  const date = numericDateFormatter(language);
  const time = (hhmm: string) => formatTimeOfDay(hhmm, twentyFourHour);
  const orEmpty = (value: string | null | undefined) =>
    value === null || value === undefined || value.trim() === '' ? t('empty') : value;

  function formatValue(fieldType: CustomFieldType, text: string): string {
    switch (fieldType) {
      case 'BOOLEAN':
        return text === 'true' ? t('yes') : text === 'false' ? t('no') : text;
      case 'DATE': {
        const parsed = parseDateFieldValue(text);
        if (!parsed) return text;
        const pad = (value: number) => String(value).padStart(2, '0');
        return date(`${parsed.year}-${pad(parsed.month)}-${pad(parsed.day)}`);
      }
      case 'MULTI_SELECT':
        return parseMultiSelectValue(text).join(', ');
      case 'MULTI_SELECT_QUANTITY':
        return quantityListText(text) ?? text;
      default:
        return text;
    }
  }

  return {
    language,
    t,
    taskStatus: (statusId) => statuses(`task.${statusId}` as 'task.1'),
    billingStatus: (billingStatusId) => statuses(`billing.${billingStatusId}` as 'billing.1'),
    date,
    time,
    instant: (instant) => {
      const clock = zonedDateAndTime(new Date(instant), timeZone);
      return `${date(clock.date)} ${time(clock.time)}`;
    },
    fieldValue: ({ fieldType, fieldValue }) => {
      const text = fieldValue?.trim() ?? '';
      if (text === '' || text === '[]') return t('empty');
      return orEmpty(formatValue(fieldType as CustomFieldType, text));
    },
    orEmpty,
    cancellationReason: (name) => {
      const key = name ? defaultCancellationReasonKey(name) : null;
      return key ? reasons(key) : orEmpty(name);
    },
  };
}
