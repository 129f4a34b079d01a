'use client';

import type { EventClickArg, EventContentArg, EventDropArg, EventInput, EventMountArg, EventSourceFuncArg, EventSourceInput } from '@fullcalendar/core';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import itLocale from '@fullcalendar/core/locales/it';
import interactionPlugin, { type DateClickArg, type EventReceiveArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import type { ResourceInput, ResourceLabelContentArg } from '@fullcalendar/resource';
import resourceTimelinePlugin from '@fullcalendar/resource-timeline';
import { useTranslations } from 'next-intl';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { BoardStore, PlacementChange } from '@/lib/client/schedule/board-store';
import { createDoubleClick } from '@/lib/client/schedule/double-click';
import type { BoardUnit } from '@/lib/client/schedule/range';
import { mergeSpans } from '@/lib/client/schedule/unavailable';
import { fromWallClock, toWallClock, wallClockDay, wallClockTime } from '@/lib/client/schedule/wall-clock';
import { dayWindowOf } from '@/lib/client/schedule/day-window';
import { gridLayoutOf, resourceAreaPx } from '@/lib/client/schedule/grid-layout';
import { slotDurationOf } from '@/lib/client/schedule/zoom';
import type { BoardTask, BoardWorker } from '@/lib/contract/schedule-board';
import { exposeBar } from './grid-accessibility';
import { eventContentHtml, taskEventInput, tasksSourceId, unavailableEventInput, unavailableSourceId } from './event-inputs';
import { workerLabel } from './worker-label';

const licenceKey = 'GPL-My-Project-Is-Open-Source';
const locales = [enGbLocale, itLocale, esLocale, frLocale];
const plugins = [resourceTimelinePlugin, interactionPlugin];
const eventContent = (arg: EventContentArg) => (arg.event.display === 'background' ? { html: '' } : eventContentHtml(arg.event.title));
/** A bar is never narrower than this, so a short task in the week reads '#1234' rather than a sliver. */
const barMinWidth = 44;
const viewOf: Record<BoardUnit, string> = { day: 'resourceTimelineDay', week: 'resourceTimelineWeek', month: 'resourceTimelineMonth' };
/** Drops land on quarter hours in the day view, half hours in the week view, days in the month view. */
const snapOf: Record<BoardUnit, string | { days: number }> = { day: '00:15', week: '00:30', month: { days: 1 } };

export interface BoardGridHandlers {
  onRouteClick: (worker: BoardWorker) => void;
  /** An event dragged or resized on the grid; `start` is the instant. */
  onMove: (task: BoardTask, assigneeId: number, start: Date, durationMins: number) => void;
  /** A panel task dropped on a worker's row. */
  onDrop: (taskId: number, assigneeId: number, start: Date) => void;
  onOpenTask: (taskId: number) => void;
  /** A double click on an empty slot: the worker and the slot's wall-clock start. */
  onNewTask: (workerId: number, wallClock: Date) => void;
  onEventMenu: (taskId: number, point: { x: number; y: number }) => void;
}

export interface BoardGridProps extends BoardGridHandlers {
  store: BoardStore;
  unit: BoardUnit;
  timeZone: string;
  workers: BoardWorker[];
  zoom: number;
  /** Feature 3's chosen slot: the visible hours ('HH:mm'); null shows the whole day. */
  visibleHours: { start: string; end: string } | null;
  twentyFourHour: boolean;
  language: string;
}

/** Whether the bar FullCalendar holds already shows the task as given (a drag it made itself, a save that changed nothing). */
function sameBar(held: ReturnType<ReturnType<FullCalendar['getApi']>['getEventById']>, input: EventInput): boolean {
  if (!held) return false;
  return (
    held.start?.getTime() === (input.start as Date).getTime() &&
    held.end?.getTime() === (input.end as Date).getTime() &&
    held.getResources()[0]?.id === input.resourceId &&
    held.title === input.title &&
    held.backgroundColor === input.backgroundColor &&
    held.startEditable === input.editable
  );
}

/** Month slots are whole days: a drop there keeps the task's own time of day, or starts at 08:00 without one. */
function monthDropTime(task: BoardTask | undefined, day: Date, timeZone: string): Date {
  const time = task?.start ? wallClockTime(toWallClock(task.start, timeZone)) : '08:00';
  return new Date(`${wallClockDay(day)}T${time}:00Z`);
}

function taskIdOf(target: EventTarget | null): { id: number; element: HTMLElement } | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-task-id]') : null;
  return element ? { id: Number(element.dataset.taskId), element } : null;
}

/**
 * The worker-by-time grid. FullCalendar gets its events from two stable sources read off the store; after that the
 * store tells it of each change and only that bar is replaced, so a live update or a drop never rebuilds the other
 * 2,000 bars. Handlers are read through a ref so that no new option reaches FullCalendar on a parent render.
 */
export const BoardGrid = memo(function BoardGrid(props: BoardGridProps) {
  const { store, unit, timeZone, workers, zoom, visibleHours, twentyFourHour, language } = props;
  const t = useTranslations('schedule.grid');
  const calendarRef = useRef<FullCalendar>(null);
  const handlers = useRef<BoardGridHandlers>(props);
  useLayoutEffect(() => {
    handlers.current = props;
  });

  // The hours the week shows: the workers' hours widened to every bar held, recomputed when a range is read and
  // widened (never narrowed, so the grid does not jump) when a live change or a move puts a bar outside them.
  const [dayWindow, setDayWindow] = useState(() => dayWindowOf(store.data?.workingWindow ?? null, store.events(), timeZone));
  const frame = useRef<HTMLDivElement>(null);
  const [gridWidth, setGridWidth] = useState(0);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    setGridWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setGridWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const layout = useMemo(
    () => gridLayoutOf({ unit, zoom, dayWindow, visibleHours, gridWidth, twentyFourHour }),
    [unit, zoom, dayWindow, visibleHours, gridWidth, twentyFourHour],
  );

  // Empty until FullCalendar has mounted and sized its grid: see the layout effect below.
  const sourcesOpen = useRef(false);
  const eventSources = useMemo<EventSourceInput[]>(
    () => [
      {
        id: tasksSourceId,
        events: (_info: EventSourceFuncArg, success: (inputs: EventInput[]) => void) =>
          success(sourcesOpen.current ? store.events().map((task) => taskEventInput(task, timeZone)) : []),
      },
      {
        id: unavailableSourceId,
        events: (_info: EventSourceFuncArg, success: (inputs: EventInput[]) => void) =>
          success(sourcesOpen.current ? mergeSpans(store.data?.unavailable ?? []).map((span) => unavailableEventInput(span, timeZone)) : []),
      },
    ],
    [store, timeZone],
  );

  /*
   * FullCalendar lays the whole grid out once when it mounts, again to measure every bar's height for stacking, and
   * once more to size its scrollers: with 2,000 bars each pass is a full layout of them. Mounted without bars, the
   * first pass is cheap; the bars come in here, synchronously (the sources answer at once and FullCalendar renders
   * at once), after its mount and before the browser paints, so the first frame painted already holds them.
   */
  useLayoutEffect(() => {
    sourcesOpen.current = true;
    calendarRef.current?.getApi().refetchEvents();
  }, []);

  // One bar at a time: the store says which task changed and where it now belongs.
  useEffect(() => {
    const apply = (change: PlacementChange) => {
      const api = calendarRef.current?.getApi();
      if (!api) return;
      const held = api.getEventById(String(change.task.id));
      if (change.after !== 'event') {
        held?.remove();
        return;
      }
      setDayWindow((shown) => dayWindowOf(shown, [change.task], timeZone));
      const input = taskEventInput(change.task, timeZone);
      if (sameBar(held, input)) return;
      held?.remove();
      api.addEvent(input, tasksSourceId);
    };
    const offChange = store.onEventChange(apply);
    const offLoad = store.onLoad(() => {
      const api = calendarRef.current?.getApi();
      if (!api || !store.data) return;
      setDayWindow(dayWindowOf(store.data.workingWindow, store.events(), timeZone));
      api.gotoDate(store.data.range.from);
      api.refetchEvents();
    });
    return () => {
      offChange();
      offLoad();
    };
  }, [store, timeZone]);

  const resources = useMemo<ResourceInput[]>(
    () => workers.map((worker, order) => ({ id: String(worker.id), title: `${worker.name} ${worker.surname}`, extendedProps: { worker, order } })),
    [workers],
  );

  const { weekDayLabel } = layout;
  const slotLabelFormat = useMemo(() => {
    const hour12 = !twentyFourHour;
    if (unit === 'day') return { hour: 'numeric', minute: '2-digit', hour12 } as const;
    if (unit === 'week') {
      const day =
        weekDayLabel === 'long'
          ? ({ weekday: 'short', day: 'numeric', month: 'numeric' } as const)
          : ({ weekday: weekDayLabel === 'short' ? 'short' : 'narrow', day: 'numeric' } as const);
      return [day, { hour: 'numeric', hour12 } as const];
    }
    return { weekday: 'narrow', day: 'numeric' } as const;
  }, [unit, twentyFourHour, weekDayLabel]);

  // Stable for FullCalendar: they read the latest handlers through the ref, so a parent render changes no option.
  const callbacks = useMemo(() => {
    const workerOf = (resourceId: string | undefined) => (resourceId ? Number(resourceId) : null);
    const eventDoubleClick = createDoubleClick();
    // The same node for the same worker, so FullCalendar's redraws move nothing.
    const labels = new WeakMap<BoardWorker, HTMLElement>();
    const slotDoubleClick = createDoubleClick();

    const moved = (arg: EventDropArg | EventResizeDoneArg) => {
      const task = store.get(Number(arg.event.id));
      const start = arg.event.start;
      const end = arg.event.end;
      const assigneeId = workerOf(arg.event.getResources()[0]?.id);
      if (!task || !start || assigneeId === null) {
        arg.revert();
        return;
      }
      const durationMins = end ? Math.round((end.getTime() - start.getTime()) / 60_000) : task.durationMins;
      handlers.current.onMove(task, assigneeId, fromWallClock(start, timeZone), durationMins);
    };

    return {
      now: () => toWallClock(new Date(), timeZone),
      moved,
      eventClick: (arg: EventClickArg) => {
        arg.jsEvent.preventDefault();
        if (eventDoubleClick(arg.event.id)) handlers.current.onOpenTask(Number(arg.event.id));
      },
      dateClick: (arg: DateClickArg) => {
        const workerId = workerOf(arg.resource?.id);
        if (workerId === null) return;
        if (slotDoubleClick(`${workerId}|${arg.date.getTime()}`)) handlers.current.onNewTask(workerId, arg.date);
      },
      eventReceive: (arg: EventReceiveArg) => {
        const taskId = Number(arg.event.extendedProps.taskId);
        const assigneeId = workerOf(arg.event.getResources()[0]?.id);
        const start = arg.event.start;
        // The dropped copy goes: the store puts the task's own bar in place once the board holds the move.
        arg.revert();
        if (assigneeId === null || !start || !Number.isInteger(taskId)) return;
        handlers.current.onDrop(taskId, assigneeId, fromWallClock(unit === 'month' ? monthDropTime(store.get(taskId), start, timeZone) : start, timeZone));
      },
      eventDidMount: (arg: EventMountArg) => {
        if (arg.event.display === 'background') return;
        arg.el.dataset.taskId = arg.event.id;
        arg.el.setAttribute('aria-haspopup', 'menu');
        exposeBar(arg.el);
      },
      resourceLabel: (arg: ResourceLabelContentArg) => {
        const worker = arg.resource.extendedProps.worker as BoardWorker;
        let node = labels.get(worker);
        if (!node) {
          node = workerLabel(worker, t('route', { name: `${worker.name} ${worker.surname}`.trim() }));
          labels.set(worker, node);
        }
        return { domNodes: [node] };
      },
    };
  }, [store, timeZone, unit, t]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-route-worker]') : null;
    const worker = button ? props.workers.find((candidate) => String(candidate.id) === button.dataset.routeWorker) : undefined;
    if (worker) handlers.current.onRouteClick(worker);
  };

  const openMenu = (event: MouseEvent<HTMLDivElement>) => {
    const hit = taskIdOf(event.target);
    if (!hit) return;
    event.preventDefault();
    handlers.current.onEventMenu(hit.id, { x: event.clientX, y: event.clientY });
  };

  // Keyboard: Enter on a focused bar opens it (a double click's job), the context-menu key or Shift+F10 its menu.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const hit = taskIdOf(event.target);
    if (!hit) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      handlers.current.onOpenTask(hit.id);
      return;
    }
    if (event.key !== 'ContextMenu' && !(event.shiftKey && event.key === 'F10')) return;
    event.preventDefault();
    const box = hit.element.getBoundingClientRect();
    handlers.current.onEventMenu(hit.id, { x: box.left + 8, y: box.bottom });
  };

  return (
    <div
      ref={frame}
      data-testid="schedule-board"
      className="board-grid h-full min-h-[420px] rounded-md border border-slate-200 bg-white"
      onClick={onClick}
      onContextMenu={openMenu}
      onKeyDown={onKeyDown}
    >
      <FullCalendar
        ref={calendarRef}
        plugins={plugins}
        schedulerLicenseKey={licenceKey}
        initialView={viewOf[unit]}
        initialDate={store.data?.range.from}
        timeZone="UTC"
        now={callbacks.now}
        locales={locales}
        locale={language === 'en' ? 'en-gb' : language}
        firstDay={1}
        headerToolbar={false}
        height="100%"
        resourceAreaWidth={`${resourceAreaPx}px`}
        resourceAreaHeaderContent={t('workers')}
        resources={resources}
        resourceOrder="order"
        resourceLabelContent={callbacks.resourceLabel}
        eventSources={eventSources}
        slotDuration={slotDurationOf[unit]}
        snapDuration={snapOf[unit]}
        slotMinWidth={layout.slotWidth}
        slotLabelFormat={slotLabelFormat}
        slotLabelInterval={layout.labelInterval}
        slotMinTime={layout.slotMinTime}
        slotMaxTime={layout.slotMaxTime}
        scrollTime={layout.scrollTime}
        eventMinWidth={barMinWidth}
        nowIndicator
        displayEventTime={false}
        eventContent={eventContent}
        eventInteractive
        editable
        droppable
        eventResourceEditable
        eventDidMount={callbacks.eventDidMount}
        eventClick={callbacks.eventClick}
        dateClick={callbacks.dateClick}
        eventDrop={callbacks.moved}
        eventResize={callbacks.moved}
        eventReceive={callbacks.eventReceive}
      />
    </div>
  );
});
