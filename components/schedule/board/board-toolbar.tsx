'use client';

import { CalendarCog, ChevronLeft, ChevronRight, RefreshCw, Search, ZoomIn, ZoomOut } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { anchorOf, quickDate, type BoardUnit, type QuickKey } from '@/lib/client/schedule/range';
import { zoomLevels } from '@/lib/client/schedule/zoom';
import type { TimeSlotView } from '@/lib/contract/time-slots';

const quickKeys: QuickKey[] = ['previous', 'current', 'next'];
const inputClass =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:ring-2 focus:ring-brand/40';

export interface BoardToolbarProps {
  unit: BoardUnit;
  /** The range's first day. */
  date: string;
  today: string;
  onDateChange: (date: string) => void;
  onStep: (steps: number) => void;
  onReload: () => void;
  loading: boolean;
  workerFilter: string;
  onWorkerFilterChange: (text: string) => void;
  zoom: number;
  onZoom: (level: number) => void;
  /** Feature 3 on and a view with hours to restrict: the slots to choose from; null hides the dropdown. */
  timeSlots: TimeSlotView[] | null;
  slotId: number | null;
  onSlotChange: (slotId: number | null) => void;
  /** Opens the auto-schedule modal; null hides the button (feature 2, working hours, off). */
  onAutoSchedule: (() => void) | null;
}

/**
 * The board's controls in the order: date by unit with quick buttons, previous/next, reload, filter, zoom, slot,
 * then auto-schedule.
 */
export function BoardToolbar(props: BoardToolbarProps) {
  const { unit, date, today, onDateChange, onStep, onReload, loading, workerFilter, onWorkerFilterChange, zoom, onZoom } = props;
  const t = useTranslations('schedule.toolbar');
  const autoScheduleText = useTranslations('autoSchedule');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex items-end gap-1">
        <Button variant="secondary" onClick={() => onStep(-1)} aria-label={t(`previous.${unit}`)} title={t(`previous.${unit}`)}>
          <ChevronLeft size={16} aria-hidden />
        </Button>
        <div className="w-44">
          <DatePicker label={t(`picker.${unit}`)} hideLabel value={date} onChange={(next) => next && onDateChange(anchorOf(unit, next))} />
        </div>
        <Button variant="secondary" onClick={() => onStep(1)} aria-label={t(`next.${unit}`)} title={t(`next.${unit}`)}>
          <ChevronRight size={16} aria-hidden />
        </Button>
      </div>
      <div role="group" aria-label={t('quick')} className="flex gap-1">
        {quickKeys.map((key) => {
          const target = quickDate(unit, today, key);
          return (
            <Button
              key={key}
              variant={target === date ? 'primary' : 'secondary'}
              aria-pressed={target === date}
              onClick={() => onDateChange(target)}
            >
              {t(`quickButtons.${unit}.${key}`)}
            </Button>
          );
        })}
      </div>
      <Button variant="secondary" onClick={onReload} aria-label={t('reload')} title={t('reload')}>
        <RefreshCw size={16} aria-hidden className={loading ? 'animate-spin' : undefined} />
      </Button>
      <label className="relative flex items-center">
        <span className="sr-only">{t('workerFilter')}</span>
        <Search size={14} aria-hidden className="pointer-events-none absolute left-2.5 text-slate-400" />
        <input
          type="search"
          className={`${inputClass} w-68 pl-8`}
          placeholder={t('workerFilter')}
          value={workerFilter}
          onChange={(event) => onWorkerFilterChange(event.target.value)}
        />
      </label>
      <div role="group" aria-label={t('zoom', { level: zoom })} className="flex items-center gap-1">
        <Button
          variant="secondary"
          onClick={() => onZoom(zoom - 1)}
          disabled={zoom <= zoomLevels.min}
          aria-label={t('zoomOut')}
          title={t('zoomOut')}
        >
          <ZoomOut size={16} aria-hidden />
        </Button>
        <span className="w-8 text-center text-xs text-slate-500" aria-live="polite">
          {zoom}
        </span>
        <Button
          variant="secondary"
          onClick={() => onZoom(zoom + 1)}
          disabled={zoom >= zoomLevels.max}
          aria-label={t('zoomIn')}
          title={t('zoomIn')}
        >
          <ZoomIn size={16} aria-hidden />
        </Button>
      </div>
      {props.timeSlots ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          {t('timeSlot')}
          <select
            className={inputClass}
            value={props.slotId === null ? '' : String(props.slotId)}
            onChange={(event) => props.onSlotChange(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">{t('allSlots')}</option>
            {props.timeSlots.map((slot) => (
              <option key={slot.id} value={slot.id}>
                {slot.nameTimeSlot}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {props.onAutoSchedule ? (
        <Button variant="secondary" onClick={props.onAutoSchedule}>
          <CalendarCog size={16} aria-hidden />
          {autoScheduleText('button')}
        </Button>
      ) : null}
    </div>
  );
}
