import type { EventInput } from '@fullcalendar/core';
import type { BoardTask } from '@/lib/contract/schedule-board';
import type { WorkerUnavailableSpan } from '@/lib/contract/working-hours';
import { eventColourOf } from '@/lib/client/schedule/status-colours';
import { toWallClock } from '@/lib/client/schedule/wall-clock';

export const tasksSourceId = 'tasks';
export const unavailableSourceId = 'unavailable';

/** The bar's text: the reference users quote on the phone, then the title. */
export const eventTitleOf = (task: BoardTask) => `#${task.referenceNumber} ${task.title}`;

/** A task as FullCalendar's plain event input, drawn by its own renderer (no React portal per bar). */
export function taskEventInput(task: BoardTask, timeZone: string): EventInput {
  const start = toWallClock(task.start ?? new Date(0), timeZone);
  const colour = eventColourOf(task.statusId, task.cancelled);
  return {
    id: String(task.id),
    resourceId: String(task.assigneeId),
    start,
    end: new Date(start.getTime() + task.durationMins * 60_000),
    title: eventTitleOf(task),
    backgroundColor: colour,
    borderColor: colour,
    textColor: '#ffffff',
    // Cancelled tasks are red and immovable: no drag, no resize, no other worker.
    editable: !task.cancelled,
    classNames: task.cancelled ? ['board-cancelled'] : [],
  };
}

/** A worker's time off as a grey band behind the bars: no interaction, no menu. */
export function unavailableEventInput(span: WorkerUnavailableSpan, timeZone: string): EventInput {
  return {
    resourceId: String(span.workerId),
    start: toWallClock(span.start, timeZone),
    end: toWallClock(span.end, timeZone),
    display: 'background',
    backgroundColor: '#94a3b8',
    classNames: ['board-unavailable'],
  };
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);

/**
 * A bar's content: only FullCalendar's title element (its styles still apply), without its `fc-sticky` title nor the
 * two wrappers around it. Sticky titles are positioned by script, which reads the geometry of every title on each
 * sizing pass: with 2,000 bars that was most of the week view's paint. The wrappers were two more elements per bar
 * for every layout FullCalendar forces while it stacks the bars. A title cut by the scroll edge is the price.
 */
export function eventContentHtml(title: string): { html: string } {
  return { html: `<div class="fc-event-title">${escapeHtml(title)}</div>` };
}
