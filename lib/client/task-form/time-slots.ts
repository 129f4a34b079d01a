/** A time slot as the task form's picker offers it. */
export interface SlotChoice {
  id: number;
  nameTimeSlot: string;
  startTimeSlot: string;
}

export interface TimeSlotField {
  show: boolean;
  slots: SlotChoice[];
}

/**
 * The task form's time slot picker. With feature 3 on: the tenant's live slots, plus the task's own slot when it
 * was deleted since. With feature 3 off the server refuses any new slot, so the picker is hidden, unless the task
 * already has a slot: then it shows that slot alone, so the user can see it and clear it.
 */
export function timeSlotField(enabled: boolean, live: readonly SlotChoice[], current: SlotChoice | null): TimeSlotField {
  if (!enabled) return current ? { show: true, slots: [current] } : { show: false, slots: [] };
  const slots = current && !live.some((slot) => slot.id === current.id) ? [current, ...live] : [...live];
  return { show: true, slots };
}
