'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { DatePicker } from '@/components/ui/date-picker';
import { api, ApiError } from '@/lib/client/api';
import { refusesInvalidFields } from '@/lib/client/form-validity';
import { availabilityPlan, shownWeek, weekOf, type AvailabilityWeek } from '@/lib/client/availability-plan';
import { numericDateFormatter } from '@/lib/contract/numeric-date';
import {
  weekDays,
  type AvailabilityScreenStart,
  type AvailabilityWorker,
  type DayKey,
  type UnavailabilityView,
} from '@/lib/contract/working-hours';
import { addDays } from '@/lib/contract/zoned-time';
import { WeekGrid } from './week-grid';

/** The week on screen: a worker without a template shows only the spec's message. */
type Shown =
  | { kind: 'noTemplate'; worker: AvailabilityWorker }
  | { kind: 'week'; worker: AvailabilityWorker; week: AvailabilityWeek; records: UnavailabilityView[] };

const recordsOf = (workerId: number, week: AvailabilityWeek) =>
  api<UnavailabilityView[]>(
    `worker-unavailability?${new URLSearchParams({ userId: String(workerId), from: week.dates.mon, to: week.dates.sun })}`,
  );

/**
 * Working hours → users (spec 02 §2.5, §4): choose a worker and any day of a week, Generate, then change the week's
 * hours on the grid and Save. The grid shows the week's saved records, or the template's hours when there are none.
 */
export function AvailabilityScreen({ start }: { start: AvailabilityScreenStart }) {
  const t = useTranslations('availability');
  const locale = useLocale();
  const formatDate = useMemo(() => numericDateFormatter(locale), [locale]);
  const [workerId, setWorkerId] = useState('');
  const [pickedDate, setPickedDate] = useState(start.today);
  const [shown, setShown] = useState<Shown | null>(null);
  const [grid, setGrid] = useState<Record<DayKey, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const dayRef = useRef<HTMLDivElement>(null);

  const workerOptions = useMemo(
    () => start.workers.map((worker) => ({ value: String(worker.id), label: worker.name })),
    [start.workers],
  );
  const chosenWorker = start.workers.find((worker) => String(worker.id) === workerId);

  async function load(worker: AvailabilityWorker, week: AvailabilityWeek) {
    if (worker.templateHours === null) {
      setShown({ kind: 'noTemplate', worker });
      setGrid(null);
      return;
    }
    const records = await recordsOf(worker.id, week);
    setShown({ kind: 'week', worker, week, records });
    setGrid(shownWeek(week, records, worker.templateHours));
  }

  async function generate() {
    // A day typed wrong would show the week of the last good one while the box shows another.
    if (!chosenWorker || refusesInvalidFields(dayRef.current)) return;
    setBusy(true);
    try {
      await load(chosenWorker, weekOf(pickedDate));
    } catch {
      // The failed call has shown its notice; the screen keeps what it showed before.
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    if (shown?.kind !== 'week' || !grid) return;
    const plan = availabilityPlan(shown.worker.id, shown.week, shown.records, grid);
    setBusy(true);
    try {
      if (plan.create.length > 0) {
        await api('worker-unavailability', { method: 'POST', json: { workerUnavailabilities: plan.create } });
      }
      await Promise.all(
        plan.update.map((change) => api(`worker-unavailability/${change.id}`, { method: 'PUT', json: { hours: change.hours } })),
      );
      await load(shown.worker, shown.week);
      toast.success(t('saved'));
    } catch (error) {
      // 404 and 409 mean the week changed under this screen (another manager saved it): show it as it now is.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        toast.error(t('stale'));
        await load(shown.worker, shown.week).catch(() => undefined);
      }
    } finally {
      setBusy(false);
    }
  }

  const dayCaptions =
    shown?.kind === 'week'
      ? (Object.fromEntries(weekDays.map((day) => [day, formatDate(shown.week.dates[day])])) as Record<DayKey, string>)
      : undefined;

  return (
    <section className="flex w-full flex-col gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-64">
          <Combobox
            label={t('worker')}
            value={workerId}
            options={workerOptions}
            onChange={setWorkerId}
            placeholder={t('chooseWorker')}
          />
        </div>
        <Button variant="secondary" aria-label={t('previousWeek')} title={t('previousWeek')} onClick={() => setPickedDate(addDays(pickedDate, -7))}>
          <ChevronLeft size={16} aria-hidden />
        </Button>
        <div ref={dayRef} className="w-48">
          <DatePicker label={t('weekDay')} value={pickedDate} onChange={(date) => date && setPickedDate(date)} />
        </div>
        <Button variant="secondary" aria-label={t('nextWeek')} title={t('nextWeek')} onClick={() => setPickedDate(addDays(pickedDate, 7))}>
          <ChevronRight size={16} aria-hidden />
        </Button>
        <Button onClick={generate} disabled={!chosenWorker || busy}>
          {t('generate')}
        </Button>
      </div>
      {shown === null ? <p className="text-sm text-slate-600">{t('hint')}</p> : null}
      {shown?.kind === 'noTemplate' ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('noTemplate')}
        </p>
      ) : null}
      {shown?.kind === 'week' && grid ? (
        <div className="flex flex-col gap-3">
          <h2 className="text-base font-medium text-slate-800">
            {t('heading', {
              number: shown.week.number,
              start: formatDate(shown.week.dates.mon),
              end: formatDate(shown.week.dates.sun),
            })}
          </h2>
          <WeekGrid
            value={grid}
            onChange={setGrid}
            disabled={busy}
            dayCaptions={dayCaptions}
            label={t('gridLabel', { name: shown.worker.name })}
          />
          <div>
            <Button onClick={save} disabled={busy}>
              {t('save')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
