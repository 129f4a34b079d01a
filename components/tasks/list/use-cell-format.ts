'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { formatTimeOfDay } from '@/lib/client/task-form/time';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';
import type { CellFormat } from './columns';

/**
 * Dates, times and statuses as the user reads them: their language (dates in its date locale, en-GB for English),
 * their 12- or 24-hour clock in the one format of every screen. The list and its CSV export both format through this.
 */
export function useCellFormat(twentyFourHour: boolean, timeZone: string): CellFormat {
  const locale = dateLocaleOf(useLocale());
  const tColumns = useTranslations('taskList.columns');
  const tStatus = useTranslations('statuses');
  const tTable = useTranslations('taskList.table');
  return useMemo(() => {
    const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' });
    const date = (isoDate: string) => dateFormat.format(new Date(`${isoDate}T12:00:00Z`));
    return {
      columnLabel: (key) => tColumns(key as 'id'),
      taskStatus: (statusId) => tStatus(`task.${statusId}` as 'task.1'),
      billingStatus: (billingStatusId) => tStatus(`billing.${billingStatusId}` as 'billing.1'),
      date,
      time: (hhmm) => formatTimeOfDay(hhmm, twentyFourHour),
      instant: (iso) => {
        const clock = zonedDateAndTime(new Date(iso), timeZone);
        return `${date(clock.date)} ${formatTimeOfDay(clock.time, twentyFourHour)}`;
      },
      minutes: (minutes) => tTable('minutes', { minutes }),
    };
  }, [locale, tColumns, tStatus, tTable, twentyFourHour, timeZone]);
}
