import { describe, expect, it, vi } from 'vitest';
import { BoardStore, placementOf } from '@/lib/client/schedule/board-store';
import type { BoardData, BoardTask } from '@/lib/contract/schedule-board';

const task = (id: number, values: Partial<BoardTask> = {}): BoardTask => ({
  id,
  referenceNumber: id,
  title: `Task ${id}`,
  statusId: 1,
  typeId: 1,
  typeName: 'Survey',
  assigneeId: null,
  start: null,
  durationMins: 60,
  timeSlotId: null,
  hasLocation: false,
  cancelled: false,
  updated: '2026-11-26T08:00:00.000Z',
  ...values,
});

const data = (values: Partial<BoardData> = {}): BoardData => ({
  range: { from: '2026-11-26', to: '2026-11-26', start: '2026-11-25T23:00:00.000Z', end: '2026-11-26T23:00:00.000Z' },
  workers: [{ id: 7, name: 'Anna', surname: 'Bianchi', profilePictureId: null }],
  events: [],
  unassigned: [],
  unscheduled: [],
  unscheduledTotal: values.unscheduled?.length ?? 0,
  unavailable: [],
  workingWindow: null,
  changeSeq: 1,
  ...values,
});

const scope = { start: Date.parse('2026-11-25T23:00:00Z'), end: Date.parse('2026-11-26T23:00:00Z'), workerIds: new Set([7]) };

describe('placementOf', () => {
  it('follows the rules of the three lists', () => {
    expect(placementOf(task(1), scope)).toBe('unscheduled');
    expect(placementOf(task(1, { cancelled: true }), scope)).toBeNull();
    expect(placementOf(task(1, { start: '2026-11-26T09:00:00Z' }), scope)).toBe('unassigned');
    expect(placementOf(task(1, { start: '2026-11-26T09:00:00Z', cancelled: true }), scope)).toBeNull();
    expect(placementOf(task(1, { start: '2026-11-26T23:00:00Z' }), scope)).toBeNull();
    expect(placementOf(task(1, { start: '2026-11-26T09:00:00Z', assigneeId: 7 }), scope)).toBe('event');
    expect(placementOf(task(1, { start: '2026-11-26T09:00:00Z', assigneeId: 7, cancelled: true }), scope)).toBe('event');
    // Overlapping the range's start from the day before, and a worker who is not a row.
    expect(placementOf(task(1, { start: '2026-11-25T22:30:00Z', assigneeId: 7 }), scope)).toBe('event');
    expect(placementOf(task(1, { start: '2026-11-25T21:30:00Z', assigneeId: 7 }), scope)).toBeNull();
    expect(placementOf(task(1, { start: '2026-11-26T09:00:00Z', assigneeId: 8 }), scope)).toBeNull();
  });
});

describe('BoardStore', () => {
  it('moves a task between the grid and the panels and tells only who cares', () => {
    const store = new BoardStore();
    const open = task(1, { start: '2026-11-26T09:00:00.000Z' });
    store.load(data({ unassigned: [open], unscheduled: [task(2)] }));
    const onEvent = vi.fn();
    const onPanels = vi.fn();
    store.onEventChange(onEvent);
    store.onPanels(onPanels);
    const before = store.panelLists();

    const change = store.put({ ...open, assigneeId: 7 });
    expect(change).toMatchObject({ before: 'unassigned', after: 'event' });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onPanels).toHaveBeenCalledTimes(1);
    expect(store.panelLists()).not.toBe(before);
    expect(store.panelLists().unassigned).toEqual([]);
    expect(store.events().map((held) => held.id)).toEqual([1]);

    // A move on the grid leaves the panels' lists as they were.
    const panels = store.panelLists();
    store.put({ ...open, assigneeId: 7, start: '2026-11-26T10:00:00.000Z' });
    expect(store.panelLists()).toBe(panels);
    expect(onEvent).toHaveBeenCalledTimes(2);

    // Leaving the range: gone from everywhere.
    expect(store.put({ ...open, assigneeId: 7, start: '2026-11-28T10:00:00.000Z' })).toMatchObject({ before: 'event', after: null });
    expect(store.get(1)).toBeUndefined();
    expect(store.remove(2)).toMatchObject({ before: 'unscheduled', after: null });
    expect(store.panelLists().unscheduled).toEqual([]);
  });

  it('keeps the unassigned panel by date and the unscheduled one newest first', () => {
    const store = new BoardStore();
    store.load(data());
    store.put(task(3));
    store.put(task(5));
    store.put(task(4, { start: '2026-11-26T12:00:00.000Z' }));
    store.put(task(6, { start: '2026-11-26T08:00:00.000Z' }));
    expect(store.panelLists().unscheduled.map((held) => held.id)).toEqual([5, 3]);
    expect(store.panelLists().unassigned.map((held) => held.id)).toEqual([6, 4]);
  });

  it('keeps a cut unscheduled page and its total right, and asks for the page again when only the server can tell', () => {
    const store = new BoardStore();
    // The server holds 250 unscheduled tasks; the board got the newest two (a page of two for the test).
    const onGrid = task(5, { assigneeId: 7, start: '2026-11-26T09:00:00.000Z' });
    store.load(data({ events: [onGrid], unscheduled: [task(300), task(299)], unscheduledTotal: 250 }));
    const stale = vi.fn();
    store.onUnscheduledStale(stale);
    expect(store.panelLists().unscheduledTotal).toBe(250);

    // Dropped on a worker: the row goes and the total drops; put back (a refusal), the row and the total return.
    const dropped = store.put(task(300, { assigneeId: 7, start: '2026-11-26T09:00:00.000Z' }));
    expect(dropped).toMatchObject({ before: 'unscheduled', after: 'event' });
    expect(store.panelLists()).toMatchObject({ unscheduledTotal: 249 });
    expect(store.panelLists().unscheduled.map((held) => held.id)).toEqual([299]);
    store.put(task(300));
    expect(store.panelLists().unscheduled.map((held) => held.id)).toEqual([300, 299]);
    expect(store.panelLists().unscheduledTotal).toBe(250);

    // A grid task sent back to unscheduled that sorts beyond the cut page is counted, not drawn.
    store.put(task(5));
    expect(store.panelLists().unscheduledTotal).toBe(251);
    expect(store.get(5)).toBeUndefined();
    expect(stale).not.toHaveBeenCalled();

    // A task the board never held: it may have been one beyond the page, so the page is read again.
    store.put(task(17, { assigneeId: 7, start: '2026-11-30T09:00:00.000Z' }));
    store.put(task(18));
    store.remove(19);
    expect(stale).toHaveBeenCalledTimes(3);
    expect(store.panelLists().unscheduledTotal).toBe(251);

    // The page read for a filter replaces the rows; live rows that do not match it are not held.
    store.setUnscheduled('boiler', { tasks: [task(40, { typeName: 'Boiler service' })], total: 1 });
    expect(store.panelLists().unscheduled.map((held) => held.id)).toEqual([40]);
    expect(store.get(300)).toBeUndefined();
    store.put(task(301));
    expect(store.get(301)).toBeUndefined();
    store.put(task(302, { typeName: 'Boiler check' }));
    expect(store.panelLists()).toMatchObject({ unscheduledTotal: 2 });
    expect(store.panelLists().unscheduled.map((held) => held.id)).toEqual([302, 40]);
    // Its type changed: it leaves the filtered page.
    store.put(task(40, { typeName: 'Survey', updated: '2026-11-26T09:00:00.000Z' }));
    expect(store.panelLists()).toMatchObject({ unscheduledTotal: 1 });
    expect(store.panelLists().unscheduled.map((held) => held.id)).toEqual([302]);
  });
});
