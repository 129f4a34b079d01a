'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { formatDate } from '@/lib/client/date-input';
import { formatTimeOfDay } from '@/lib/client/task-form/time';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';
import type { CellFormat } from './columns';

/**
 * Dates, times and statuses as the user reads them: their language (dates in its date locale, en-GB for English),
 * their 12- or 24-hour clock in the one format of every screen. The list and its CSV export both format through this.
 */
export function useCellFormat(twentyFourHour: boolean, timeZone: string): CellFormat {
  const language = useLocale();
  const tColumns = useTranslations('taskList.columns');
  const tStatus = useTranslations('statuses');
  const tTable = useTranslations('taskList.table');
  return useMemo(() => {
    // The same format as the date pickers and the CSV: day, month and a 4-digit year in the language's order.
    const date = (isoDate: string) => formatDate(isoDate, language);
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
  }, [language, tColumns, tStatus, tTable, twentyFourHour, timeZone]);
}
