import { describe, expect, it } from 'vitest';
import { timeSlotField } from '@/lib/client/task-form/time-slots';

const morning = { id: 1, nameTimeSlot: 'Morning', startTimeSlot: '08:00:00' };
const afternoon = { id: 2, nameTimeSlot: 'Afternoon', startTimeSlot: '13:00:00' };
const retired = { id: 3, nameTimeSlot: 'Evening (deleted)', startTimeSlot: '18:00:00' };

describe('the task form time slot field', () => {
  it('offers the live slots with feature 3 on', () => {
    expect(timeSlotField(true, [morning, afternoon], null)).toEqual({ show: true, slots: [morning, afternoon] });
    expect(timeSlotField(true, [morning, afternoon], morning)).toEqual({ show: true, slots: [morning, afternoon] });
  });

  it("keeps the task's deleted slot among the choices with feature 3 on", () => {
    expect(timeSlotField(true, [morning], retired)).toEqual({ show: true, slots: [retired, morning] });
  });

  it('is hidden with feature 3 off when the task has no slot', () => {
    expect(timeSlotField(false, [morning, afternoon], null)).toEqual({ show: false, slots: [] });
  });

  it("shows only the task's own slot with feature 3 off, so it can be cleared but no other chosen", () => {
    expect(timeSlotField(false, [morning, afternoon], afternoon)).toEqual({ show: true, slots: [afternoon] });
  });
});
