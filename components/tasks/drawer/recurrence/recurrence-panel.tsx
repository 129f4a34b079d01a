'use client';

import { useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, selectClass } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import { taskDrawerKeys } from '@/lib/client/query-keys';
import { isSeriesChild, isSeriesParent, type RecurrenceResult } from '@/lib/contract/recurrence';
import { weekdays, type Weekday } from '@/lib/contract/recurrence-dates';
import type { TaskView } from '@/lib/contract/tasks';
import type { TaskTabProps } from '../tabs/tab-props';
import { RuleForm } from './rule-form';
import { useRecurrenceCalendar } from './use-recurrence-calendar';

const isWeekday = (text: string): text is Weekday => (weekdays as readonly string[]).includes(text);

/** The parent's stored rule in words: "every 2 weeks on Monday, Thursday, until 21 Dec 2026". */
function useRuleText(formatDay: (date: string) => string) {
  const t = useTranslations('taskRecurrence');
  return (task: TaskView): string => {
    const count = task.recurringCount ?? 1;
    const days = (task.repeatOn ?? '').split(',').filter(isWeekday);
    let rule: string;
    if (task.recurringRule === 'daily') rule = t('daily');
    else if (task.recurringRule === 'weekly' && days[0]) rule = t('weeklyOn', { weekday: t(`weekdayNames.${days[0]}`) });
    else if (task.repeatEveryOption === 'weeks') rule = t('everyWeeksOn', { count, days: days.map((day) => t(`weekdayNames.${day}`)).join(', ') });
    else rule = t('everyDays', { count });
    return task.endRecurrence ? t('ruleUntil', { rule, date: formatDay(task.endRecurrence) }) : rule;
  };
}

/** The reference number of a child's parent, for the notice that names the series. */
function useParentReference(task: TaskView): number | null {
  const parentId = isSeriesChild(task) ? task.recurringTaskId : null;
  const parent = useQuery({
    queryKey: taskDrawerKeys.parent(parentId ?? 0),
    queryFn: () => api<TaskView>(`tasks/${parentId}`),
    enabled: parentId !== null,
  });
  return parentId === null ? null : (parent.data?.referenceNumber ?? null);
}

/**
 * Tab 6 of the task drawer (spec 01 §4 Recurrence). A task outside any series can start one; a parent shows its
 * rule and can only have its recurrence removed; a child says which series it belongs to and can start a new
 * series of its own, which replaces the old series' later tasks.
 */
export function RecurrencePanel({ task, readOnly, onTaskChanged, reloadTask }: TaskTabProps) {
  const errorText = useErrorText();
  const t = useTranslations('taskRecurrence');
  const { today, formatDay } = useRecurrenceCalendar();
  const ruleText = useRuleText(formatDay);
  const parentReference = useParentReference(task);
  const [reRecurring, setReRecurring] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);

  const onSaved = (result: RecurrenceResult) => {
    setReRecurring(false);
    onTaskChanged(result.task);
  };

  async function remove() {
    setConfirmRemove(false);
    setRemoving(true);
    try {
      const result = await api<RecurrenceResult>(`tasks/cancelRecurring/${task.id}`, { method: 'DELETE', quietStatuses: [422] });
      toast.success(t('removed', { count: result.deletedTaskIds.length }));
      if (result.keptTaskIds.length > 0) toast.info(t('keptStarted', { count: result.keptTaskIds.length }));
      onTaskChanged(result.task);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 422 ? errorText(error) : t('removeFailed'));
      reloadTask();
    } finally {
      setRemoving(false);
    }
  }

  if (readOnly) return <p className="text-sm text-slate-600">{t('cancelledInfo')}</p>;

  if (isSeriesParent(task)) {
    return (
      <div className="flex flex-col gap-4">
        <Field label={t('rule')}>
          {/* The rule stays on view but cannot change: 'Do not repeat' is not saved once the task repeats. */}
          <select className={selectClass} value={task.recurringRule ?? 'custom'} disabled>
            <option value="none" disabled>
              {t('doNotRepeat')}
            </option>
            <option value={task.recurringRule ?? 'custom'}>{ruleText(task)}</option>
          </select>
        </Field>
        <p className="text-sm text-slate-700">{t('parentInfo', { rule: ruleText(task) })}</p>
        <div>
          <Button variant="secondary" disabled={removing} onClick={() => setConfirmRemove(true)}>
            {t('remove')}
          </Button>
        </div>
        <ConfirmDialog
          open={confirmRemove}
          title={t('removeTitle')}
          message={t('removeMessage')}
          confirmLabel={t('continue')}
          cancelLabel={t('cancel')}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmRemove(false)}
        />
      </div>
    );
  }

  if (isSeriesChild(task) && !reRecurring) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          {parentReference === null ? t('childInfoNoParent') : t('childInfo', { referenceNumber: parentReference })}
        </p>
        <div>
          <Button variant="secondary" onClick={() => setReRecurring(true)}>
            {t('reRecur')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <RuleForm
      key={task.id}
      task={task}
      mode={isSeriesChild(task) ? 'reRecur' : 'create'}
      today={today}
      formatDay={formatDay}
      onSaved={onSaved}
      onStale={reloadTask}
    />
  );
}
