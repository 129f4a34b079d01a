'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import type { CellFormat } from './columns';

/**
 * Dates, times and statuses as the user reads them: their language (dates in its date locale, en-GB for English),
 * their 12- or 24-hour clock. The list and its CSV export both format through this.
 */
export function useCellFormat(twentyFourHour: boolean, timeZone: string): CellFormat {
  const locale = dateLocaleOf(useLocale());
  const tColumns = useTranslations('taskList.columns');
  const tStatus = useTranslations('statuses');
  const tTable = useTranslations('taskList.table');
  return useMemo(() => {
    const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' });
    // 12-hour times read '2:30 PM' as in the time picker, not '02:30 PM'; 24-hour ones keep the leading zero.
    const timeFormat = new Intl.DateTimeFormat(locale, {
      hour: twentyFourHour ? '2-digit' : 'numeric',
      minute: '2-digit',
      hour12: !twentyFourHour,
      timeZone: 'UTC',
    });
    const instantFormat = new Intl.DateTimeFormat(locale, {
      dateStyle: 'short',
      timeStyle: 'short',
      hour12: !twentyFourHour,
      timeZone,
    });
    return {
      columnLabel: (key) => tColumns(key as 'id'),
      taskStatus: (statusId) => tStatus(`task.${statusId}` as 'task.1'),
      billingStatus: (billingStatusId) => tStatus(`billing.${billingStatusId}` as 'billing.1'),
      date: (isoDate) => dateFormat.format(new Date(`${isoDate}T12:00:00Z`)),
      time: (hhmm) => timeFormat.format(new Date(`1970-01-01T${hhmm}:00Z`)),
      instant: (iso) => instantFormat.format(new Date(iso)),
      minutes: (minutes) => tTable('minutes', { minutes }),
    };
  }, [locale, tColumns, tStatus, tTable, twentyFourHour, timeZone]);
}
