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
  unavailable: [],
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
});
