'use client';

import { useTranslations } from 'next-intl';
import { formatDay } from '@/lib/client/format-date-time';
import { storedToDateInput } from '@/lib/client/task-form/custom-fields';
import { quantityLines, quantityLineText } from '@/lib/contract/quantity-list';
import type { TaskCustomFieldValue } from '@/lib/contract/tasks';
import { useWorkerClock } from './worker-clock';

/**
 * A custom field's stored text as a person reads it: one "Valve × 2" line per material (never the stored JSON),
 * yes or no, a date in the user's order; any other text as it was entered.
 */
export function WorkerFieldValue({ value }: { value: Pick<TaskCustomFieldValue, 'fieldType' | 'fieldValue'> }) {
  const t = useTranslations('taskDrawer');
  const { language } = useWorkerClock();
  const text = value.fieldValue ?? '';
  if (value.fieldType === 'MULTI_SELECT_QUANTITY') {
    const lines = quantityLines(text);
    if (lines) {
      return (
        <ul className="flex flex-col">
          {lines.map((line, index) => (
            <li key={`${line.item}-${index}`}>{quantityLineText(line)}</li>
          ))}
        </ul>
      );
    }
  }
  if (value.fieldType === 'BOOLEAN' && (text === 'true' || text === 'false')) return <>{text === 'true' ? t('yes') : t('no')}</>;
  if (value.fieldType === 'DATE') {
    const isoDate = storedToDateInput(text);
    if (isoDate) return <>{formatDay(isoDate, language)}</>;
  }
  return <>{text}</>;
}
