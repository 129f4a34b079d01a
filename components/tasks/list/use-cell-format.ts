'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { formatTimeOfDay } from '@/lib/contract/time-of-day';
import { numericDateFormatter } from '@/lib/contract/numeric-date';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';
import type { CellFormat } from './columns';

/**
 * Dates, times and statuses as the user reads them: their language (dates in its date locale with 4-digit years,
 * en-GB for English), their 12- or 24-hour clock in the one format of every screen. The list and its CSV export both format through this.
 */
export function useCellFormat(twentyFourHour: boolean, timeZone: string): CellFormat {
  const language = useLocale();
  const tColumns = useTranslations('taskList.columns');
  const tStatus = useTranslations('statuses');
  const tTable = useTranslations('taskList.table');
  return useMemo(() => {
    const date = numericDateFormatter(language);
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
