'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Field, TextInput, selectClass } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import { refusesInvalidFields } from '@/lib/client/form-validity';
import { RecurrenceErrorCode, recurrenceLimits, type RecurrenceResult } from '@/lib/contract/recurrence';
import {
  endDateLimits,
  normalizeRule,
  occurrenceDates,
  weekdayName,
  weekdays,
  type RecurringRule,
  type RepeatEveryOption,
  type Weekday,
} from '@/lib/contract/recurrence-dates';
import { TaskErrorCode, type TaskView } from '@/lib/contract/tasks';

type Choice = RecurringRule | 'none';

interface Problems {
  count?: string;
  end?: string;
  weekdays?: string;
}

/** Spec 01 §8: the recurrence's required-fields error stays 4 seconds. */
const requiredFieldsToastMs = 4000;

/**
 * The rule of a new series (spec 01 §4): Do not repeat, Daily, Weekly on the appointment's weekday, or Custom
 * (every N days, or every N weeks on chosen weekdays, until an end date). 'Do not repeat' is never saved: a task
 * in a series leaves it only by having its recurrence removed.
 */
export function RuleForm({
  task,
  mode,
  today,
  formatDay,
  onSaved,
  onStale,
}: {
  task: TaskView;
  mode: 'create' | 'reRecur';
  today: string;
  formatDay: (date: string) => string;
  onSaved: (result: RecurrenceResult) => void;
  onStale: () => void;
}) {
  const t = useTranslations('taskRecurrence');
  const tErrors = useTranslations('errors');
  const errorText = useErrorText();
  const startDate = task.scheduleDate;
  const startWeekday = startDate ? weekdayName(startDate) : null;
  const [choice, setChoice] = useState<Choice>('none');
  const [count, setCount] = useState('1');
  const [unit, setUnit] = useState<RepeatEveryOption>('weeks');
  const [days, setDays] = useState<Weekday[]>(startWeekday ? [startWeekday] : []);
  const [endDate, setEndDate] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [cannotRecur, setCannotRecur] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldsRef = useRef<HTMLDivElement>(null);

  const rule = choice === 'none' ? null : choice;
  const limits = endDateLimits(today, rule ?? 'daily');
  const countValue = Number(count);
  const countValid = Number.isInteger(countValue) && countValue >= recurrenceLimits.countMin && countValue <= recurrenceLimits.countMax;
  const normalized =
    rule && startDate
      ? normalizeRule(startDate, { recurringRule: rule, recurringCount: countValid ? countValue : 1, repeatEveryOption: unit, repeatOn: days, endRecurrence: endDate || null })
      : null;
  const preview = normalized && startDate ? occurrenceDates(startDate, normalized, today) : [];

  function validate(): Problems {
    const found: Problems = {};
    if (rule === 'custom') {
      if (!countValid) found.count = t('countInvalid');
      if (!endDate) found.end = tErrors('recurrence.endRequired');
      if (unit === 'weeks' && days.length === 0) found.weekdays = tErrors('recurrence.weekdaysRequired');
    }
    if (endDate && (endDate < limits.min || endDate > limits.max)) {
      found.end = t('endOutOfRange', { min: formatDay(limits.min), max: formatDay(limits.max) });
    }
    return found;
  }

  function showFailure(error: unknown) {
    if (!(error instanceof ApiError)) return toast.error(t('saveFailed'));
    if (error.status === 409) {
      toast.warning(t('stale'));
      return onStale();
    }
    if (error.code === RecurrenceErrorCode.needsSchedule) return setCannotRecur(true);
    if (error.code === RecurrenceErrorCode.nothingToRecur) return toast.warning(errorText(error));
    if (error.code === TaskErrorCode.requiredCustomFields) return toast.error(t('requiredFieldsError'), { duration: requiredFieldsToastMs });
    const fields = error.fields ?? {};
    const textOf = (path: string) => fields[path]?.map(errorText).join(' ');
    if (fields.endRecurrence || fields.recurringCount || fields.repeatOn) {
      return setProblems({ end: textOf('endRecurrence'), count: textOf('recurringCount'), weekdays: textOf('repeatOn') });
    }
    toast.error(error.status === 422 || error.status === 400 ? errorText(error) : t('saveFailed'));
  }

  async function save() {
    // An end date typed wrong is not "no end": the series would run to the horizon.
    if (!rule || refusesInvalidFields(fieldsRef.current)) return;
    // Spec 01 §4: only a task with an appointment date and a worker can recur.
    if (!startDate || task.assigneeId === null) return setCannotRecur(true);
    const found = validate();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (preview.length === 0) return toast.warning(tErrors('recurrence.nothingToRecur'));
    const body = {
      parentTaskId: task.id,
      recurringRule: rule,
      ...(rule === 'custom' ? { recurringCount: countValue, repeatEveryOption: unit, repeatOn: unit === 'weeks' ? days : [] } : {}),
      endRecurrence: endDate || null,
      updated: task.updated,
    };
    setBusy(true);
    try {
      const result =
        mode === 'create'
          ? await api<RecurrenceResult>('tasks/recurring', { method: 'POST', json: body, quietStatuses: [400, 422] })
          : await api<RecurrenceResult>(`tasks/recurring/${task.id}`, { method: 'PUT', json: body, quietStatuses: [400, 422] });
      toast.success(t('saved', { count: result.createdTaskIds.length }));
      if (result.deletedTaskIds.length > 0) toast.info(t('replacedNote', { count: result.deletedTaskIds.length }));
      onSaved(result);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const toggleDay = (day: Weekday) =>
    setDays((current) => (current.includes(day) ? current.filter((known) => known !== day) : [...current, day]));

  return (
    <div ref={fieldsRef} className="flex flex-col gap-4">
      {cannotRecur ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('cannotRecur')}
        </div>
      ) : null}
      <Field label={t('rule')}>
        <select className={selectClass} value={choice} onChange={(event) => setChoice(event.target.value as Choice)}>
          <option value="none">{t('doNotRepeat')}</option>
          <option value="daily">{t('daily')}</option>
          <option value="weekly">{startWeekday ? t('weeklyOn', { weekday: t(`weekdayNames.${startWeekday}`) }) : t('weekly')}</option>
          <option value="custom">{t('custom')}</option>
        </select>
      </Field>
      {rule === 'custom' ? (
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('repeatEvery')} error={problems.count}>
            <TextInput
              type="number"
              min={recurrenceLimits.countMin}
              max={recurrenceLimits.countMax}
              step={1}
              value={count}
              invalid={Boolean(problems.count)}
              onChange={(event) => setCount(event.target.value)}
            />
          </Field>
          <Field label={t('unit')}>
            <select className={selectClass} value={unit} onChange={(event) => setUnit(event.target.value as RepeatEveryOption)}>
              <option value="days">{t('days')}</option>
              <option value="weeks">{t('weeks')}</option>
            </select>
          </Field>
        </div>
      ) : null}
      {rule === 'custom' && unit === 'weeks' ? (
        <div className="flex flex-col gap-1 text-sm text-slate-700">
          <span id="recurrence-weekdays" className="font-medium">
            {t('repeatOn')}
          </span>
          <div role="group" aria-labelledby="recurrence-weekdays" className="flex flex-wrap gap-1">
            {weekdays.map((day) => (
              <button
                key={day}
                type="button"
                aria-pressed={days.includes(day)}
                aria-label={t(`weekdayNames.${day}`)}
                onClick={() => toggleDay(day)}
                className={`rounded-md border px-2.5 py-1 text-xs font-medium ${
                  days.includes(day) ? 'border-brand bg-brand text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                }`}
              >
                {t(`weekdays.${day}`)}
              </button>
            ))}
          </div>
          {problems.weekdays ? (
            <span role="alert" className="text-xs text-red-600">
              {problems.weekdays}
            </span>
          ) : null}
        </div>
      ) : null}
      {rule ? (
        <DatePicker
          label={rule === 'custom' ? t('endDate') : t('endDateOptional')}
          value={endDate}
          onChange={setEndDate}
          clearable
          min={limits.min}
          error={problems.end}
        />
      ) : null}
      {rule && startDate ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          {t('preview', { count: preview.length, last: preview.length > 0 ? formatDay(preview[preview.length - 1]) : '' })}{' '}
          <span className="text-slate-500">{t('horizonNote')}</span>
        </p>
      ) : null}
      {mode === 'reRecur' ? <p className="text-sm text-amber-800">{t('reRecurNote')}</p> : null}
      <div>
        <Button type="button" onClick={() => void save()} disabled={!rule || busy}>
          {busy ? t('saving') : t('save')}
        </Button>
      </div>
    </div>
  );
}
