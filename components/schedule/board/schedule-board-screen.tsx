'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { api } from '@/lib/client/api';
import { resumeStreamAfter } from '@/lib/client/live-updates';
import { BoardStore } from '@/lib/client/schedule/board-store';
import { shiftDate, type BoardUnit } from '@/lib/client/schedule/range';
import { wallClockDay, wallClockTime } from '@/lib/client/schedule/wall-clock';
import { clampZoom, initialZoomOf } from '@/lib/client/schedule/zoom';
import { useClock } from '@/lib/client/use-clock';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import { Feature, type FeatureId } from '@/lib/contract/features';
import type { BoardData, BoardTask, BoardWorker } from '@/lib/contract/schedule-board';
import type { TaskView } from '@/lib/contract/tasks';
import type { TimeSlotView } from '@/lib/contract/time-slots';
import { BoardEmpty } from './board-empty';
import { BoardPanels } from './board-panels';
import { BoardToolbar } from './board-toolbar';
import { EventMenu } from './event-menu';
import { tasksWithoutLocation } from '@/lib/client/route-map/without-location';
import { StatusLegend } from './status-legend';
import { useBoardActions } from './use-board-actions';
import { useLiveBoard } from './use-live-board';
import { useBoardRange, writeUrl } from './use-board-range';
import { useUnscheduledPanel } from './use-unscheduled-panel';

/**
 * The modals open on demand: loaded with their first opening, so the board's first paint does not wait for the
 * auto-schedule tables, the route map or the duplicate form.
 */
const AutoScheduleModal = dynamic(() => import('@/components/schedule/auto-schedule/auto-schedule-modal').then((module) => module.AutoScheduleModal), { ssr: false });
const RouteMapModal = dynamic(() => import('@/components/schedule/route-map/route-map-modal').then((module) => module.RouteMapModal), { ssr: false });
const DuplicateModal = dynamic(() => import('@/components/tasks/list/duplicate-modal').then((module) => module.DuplicateModal), { ssr: false });

/** FullCalendar runs in the browser only; the toolbar and panels render on the server meanwhile. */
const BoardGrid = dynamic(() => import('./board-grid').then((module) => module.BoardGrid), {
  ssr: false,
  loading: () => <div data-testid="schedule-board-loading" className="h-full min-h-[420px] animate-pulse rounded-md bg-slate-100" />,
});

/** What the server read for the first screenful (see app/app/main/schedule/[submenu]/page.tsx). */
export interface BoardStart {
  unit: BoardUnit;
  today: string;
  timeZone: string;
  data: BoardData;
  features: FeatureId[];
  timeSlots: TimeSlotView[];
  mapStyleUrl: string | null;
  /** Whether the user may add users: an empty board then links to where workers are added. */
  canAddUsers: boolean;
}

export function ScheduleBoardScreen({ start }: { start: BoardStart }) {
  const t = useTranslations('schedule');
  const language = useLocale();
  const userClock = useClock();
  // One object per preference, not per render: the panels re-render only when it changes.
  const clock = useMemo(
    () => ({ language: userClock.language, twentyFourHour: userClock.twentyFourHour, timeZone: userClock.timeZone }),
    [userClock.language, userClock.twentyFourHour, userClock.timeZone],
  );
  const { unit, timeZone } = start;
  const [store] = useState(() => {
    const created = new BoardStore();
    created.load(start.data);
    return created;
  });
  const { date, workers, loading, choose, reload: reloadBoard } = useBoardRange(store, start.data, unit, t('loadFailed'));
  const [workerFilter, setWorkerFilter] = useState('');
  const [zoom, setZoom] = useState<number>(() => initialZoomOf(unit));
  const [slotId, setSlotId] = useState<number | null>(null);
  const [menu, setMenu] = useState<{ task: BoardTask; point: { x: number; y: number } } | null>(null);
  const [duplicating, setDuplicating] = useState<{ task: TaskView; customFields: CustomFieldView[] } | null>(null);
  const [routeWorker, setRouteWorker] = useState<BoardWorker | null>(null);
  const [autoScheduling, setAutoScheduling] = useState(false);
  const panels = useSyncExternalStore(store.onPanels, store.panelLists, store.panelLists);
  const { move, unassign, dialogs } = useBoardActions(store);
  useLiveBoard(store);
  const filterUnscheduled = useUnscheduledPanel(store, t('loadFailed'));
  const unscheduledPanel = useMemo(
    () => ({ total: panels.unscheduledTotal, onFilterChange: filterUnscheduled }),
    [panels.unscheduledTotal, filterUnscheduled],
  );

  // The stream replays what changed since the server read the board.
  useEffect(() => resumeStreamAfter(start.data.changeSeq), [start.data.changeSeq]);

  const shownWorkers = useMemo(() => {
    const text = workerFilter.trim().toLowerCase();
    if (!text) return workers;
    return workers.filter((worker) => `${worker.name} ${worker.surname}`.toLowerCase().includes(text));
  }, [workers, workerFilter]);

  const timeSlotsOn = start.features.includes(Feature.timeSlots);
  const liveSlots = useMemo(() => start.timeSlots.filter((slot) => slot.deleted === null), [start.timeSlots]);
  const chosenSlot = liveSlots.find((slot) => slot.id === slotId) ?? null;
  const visibleHours = useMemo(
    () => (chosenSlot ? { start: chosenSlot.startTimeSlot.slice(0, 5), end: chosenSlot.endTimeSlot.slice(0, 5) } : null),
    [chosenSlot],
  );

  const openTask = useCallback((taskId: number) => {
    window.history.pushState(null, '', writeUrl((params) => params.set('task', String(taskId))));
  }, []);

  const newTask = useCallback((workerId: number, wallClock: Date) => {
    window.history.pushState(
      null,
      '',
      writeUrl((params) => {
        params.set('task', 'new');
        params.set('assigneeId', String(workerId));
        params.set('scheduleDate', wallClockDay(wallClock));
        params.set('scheduleTime', wallClockTime(wallClock));
      }),
    );
  }, []);

  const onMove = useCallback(
    (task: BoardTask, assigneeId: number, at: Date, durationMins: number) => void move(task, assigneeId, at, durationMins, 'move'),
    [move],
  );
  const onDrop = useCallback(
    (taskId: number, assigneeId: number, at: Date) => {
      const task = store.get(taskId);
      if (task) void move(task, assigneeId, at, task.durationMins, 'drop');
    },
    [move, store],
  );
  const onEventMenu = useCallback(
    (taskId: number, point: { x: number; y: number }) => {
      const task = store.get(taskId);
      // Red (cancelled) bars have no menu, as grey ones have none (spec 2.1).
      if (task && !task.cancelled) setMenu({ task, point });
    },
    [store],
  );

  const duplicate = async (task: BoardTask) => {
    try {
      const [view, customFields] = await Promise.all([api<TaskView>(`tasks/${task.id}`), api<CustomFieldView[]>('custom-field')]);
      setDuplicating({ task: view, customFields: customFields.filter((field) => !field.deleted) });
    } catch {
      toast.error(t('menu.duplicateFailed'));
    }
  };

  const routeMap = useMemo(() => {
    if (!routeWorker) return null;
    const range = store.data?.range;
    if (!range) return null;
    const from = new Date(range.start);
    const to = new Date(range.end);
    return {
      worker: routeWorker,
      from,
      to,
      tasksWithoutLocation: tasksWithoutLocation(store.events(), routeWorker.id, from, to),
      mapStyleUrl: start.mapStyleUrl,
      onClose: () => setRouteWorker(null),
    };
  }, [routeWorker, store, start.mapStyleUrl]);

  return (
    <section className="flex flex-col gap-3" aria-labelledby="schedule-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="schedule-title" className="text-lg font-semibold text-slate-900">
          {t(`title.${unit}`)}
        </h1>
        <StatusLegend showUnavailable={start.features.includes(Feature.workingHours)} />
      </div>
      <BoardToolbar
        unit={unit}
        date={date}
        today={start.today}
        onDateChange={choose}
        onStep={(steps) => choose(shiftDate(unit, date, steps))}
        onReload={reloadBoard}
        loading={loading}
        workerFilter={workerFilter}
        onWorkerFilterChange={setWorkerFilter}
        zoom={zoom}
        onZoom={(level) => setZoom(clampZoom(level))}
        timeSlots={timeSlotsOn && unit === 'day' ? liveSlots : null}
        slotId={slotId}
        onSlotChange={setSlotId}
        onAutoSchedule={start.features.includes(Feature.workingHours) ? () => setAutoScheduling(true) : null}
      />
      <div className="flex h-[calc(100vh-15rem)] min-h-[480px] gap-2">
        <BoardPanels
          side="left"
          tasks={panels.unscheduled}
          unscheduled={unscheduledPanel}
          timeZone={timeZone}
          clock={clock}
          onOpenTask={openTask}
        />
        <div className="min-w-0 flex-1">
          {workers.length === 0 ? (
            <BoardEmpty canAddUsers={start.canAddUsers} />
          ) : (
            <BoardGrid
              store={store}
              unit={unit}
              timeZone={timeZone}
              workers={shownWorkers}
              zoom={zoom}
              visibleHours={visibleHours}
              twentyFourHour={clock.twentyFourHour}
              language={language}
              onRouteClick={setRouteWorker}
              onMove={onMove}
              onDrop={onDrop}
              onOpenTask={openTask}
              onNewTask={newTask}
              onEventMenu={onEventMenu}
            />
          )}
        </div>
        <BoardPanels
          side="right"
          tasks={panels.unassigned}
          timeZone={timeZone}
          clock={clock}
          onOpenTask={openTask}
        />
      </div>
      {menu ? (
        <EventMenu
          point={menu.point}
          title={`#${menu.task.referenceNumber} ${menu.task.title}`}
          onClose={() => setMenu(null)}
          onUnassign={() => void unassign(menu.task)}
          onDuplicate={() => void duplicate(menu.task)}
        />
      ) : null}
      {duplicating ? (
        <DuplicateModal
          taskIds={[duplicating.task.id]}
          referenceNumbersOf={() => [duplicating.task.referenceNumber]}
          customFields={duplicating.customFields}
          timeSlotsEnabled={timeSlotsOn}
          onClose={() => setDuplicating(null)}
          onDone={(copies) => {
            setDuplicating(null);
            toast.success(t('menu.duplicated', { count: copies.length }));
          }}
        />
      ) : null}
      {routeMap ? <RouteMapModal {...routeMap} /> : null}
      {autoScheduling ? (
        <AutoScheduleModal timeZone={timeZone} onClose={() => setAutoScheduling(false)} onChanged={reloadBoard} />
      ) : null}
      {dialogs}
    </section>
  );
}
