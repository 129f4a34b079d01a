import { describe, expect, it } from 'vitest';
import { createDoubleClick } from '@/lib/client/schedule/double-click';
import { toBoardTask } from '@/lib/client/schedule/board-task';
import { eventColourOf } from '@/lib/client/schedule/status-colours';
import { clampZoom, slotWidthOf, zoomLevels } from '@/lib/client/schedule/zoom';
import type { TaskView } from '@/lib/contract/tasks';

const view = {
  id: 4,
  referenceNumber: 104,
  title: 'Boiler service - Rossi',
  typeId: 2,
  type: { id: 2, type: 'Boiler service', deleted: false },
  assigneeId: 7,
  statusId: 2,
  cancelled: null,
  appointment: { date: '2026-11-26T09:00:00+01:00', durationMins: 90 },
  estimatedDuration: 90,
  timeSlotId: null,
  location: { address: 'Via Roma 1', latitude: 45.4, longitude: 9.1 },
  updated: '2026-11-26T07:00:00.123Z',
} as unknown as TaskView;

describe('toBoardTask', () => {
  it('keeps what the board needs from a full view', () => {
    expect(toBoardTask(view)).toEqual({
      id: 4,
      referenceNumber: 104,
      title: 'Boiler service - Rossi',
      statusId: 2,
      typeId: 2,
      typeName: 'Boiler service',
      assigneeId: 7,
      start: '2026-11-26T08:00:00.000Z',
      durationMins: 90,
      timeSlotId: null,
      hasLocation: true,
      cancelled: false,
      updated: '2026-11-26T07:00:00.123Z',
    });
    expect(toBoardTask({ ...view, appointment: null, cancelled: '2026-11-26T07:00:00Z', location: { address: 'x', latitude: null, longitude: null } })).toMatchObject({
      start: null,
      cancelled: true,
      hasLocation: false,
    });
  });
});

describe('board details', () => {
  it('colours bars by status, cancelled red', () => {
    expect(eventColourOf(1, false)).toBe('#1d4ed8');
    expect(eventColourOf(4, false)).toBe('#15803d');
    expect(eventColourOf(1, true)).toBe('#b91c1c');
  });

  it('zooms between levels 10 and 16, each level 30 % wider in the day view', () => {
    expect(clampZoom(3)).toBe(zoomLevels.min);
    expect(clampZoom(99)).toBe(zoomLevels.max);
    expect(slotWidthOf('day', zoomLevels.initial)).toBe(40);
    expect(slotWidthOf('day', 14)).toBe(52);
    expect(slotWidthOf('week', 10)).toBeLessThan(slotWidthOf('week', 11));
    expect(slotWidthOf('day', 9)).toBe(slotWidthOf('day', 10));
  });

  it('counts two clicks within 400 ms on the same thing as a double click', () => {
    let now = 0;
    const clicked = createDoubleClick(() => now);
    expect(clicked('a')).toBe(false);
    now = 300;
    expect(clicked('a')).toBe(true);
    now = 400;
    expect(clicked('a')).toBe(false);
    now = 900;
    expect(clicked('a')).toBe(false);
    now = 1000;
    expect(clicked('b')).toBe(false);
    now = 1100;
    expect(clicked('a')).toBe(false);
  });
});
