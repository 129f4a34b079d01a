/** The parts of the form the schedule rules read. */
export interface ScheduleState {
  typeId: number | null;
  scheduleDate: string;
  scheduleTime: string;
  timeSlotId: number | null;
}

export interface ScheduleControls {
  /** A time slot was chosen, or there is no date yet. */
  timeDisabled: boolean;
  /** A time was picked. */
  slotDisabled: boolean;
  /** The worker needs date and task type first. */
  workerDisabled: boolean;
  /** Show the workerError message beside the worker picker. */
  workerError: boolean;
}

/**
 * Spec 01 §2: choosing a time slot disables the time and picking a time disables the slot; without a date neither
 * the time nor the worker can be set; a worker needs the date and the task type.
 */
export function scheduleControls(state: ScheduleState): ScheduleControls {
  const hasDate = state.scheduleDate !== '';
  const workerDisabled = !hasDate || state.typeId === null;
  return {
    timeDisabled: !hasDate || state.timeSlotId !== null,
    slotDisabled: state.scheduleTime !== '',
    workerDisabled,
    workerError: workerDisabled,
  };
}

/** What clearing the date leaves behind: no time and no worker, since both hang on the date. */
export function afterDateCleared<T extends ScheduleState & { assigneeId: number | null }>(state: T): T {
  return { ...state, scheduleDate: '', scheduleTime: '', assigneeId: null };
}

/** The start the schedule describes: the picked time, or the slot's start, or the start of the day. */
export function startTimeOf(state: ScheduleState, slotStart: (slotId: number) => string | undefined): string {
  if (state.scheduleTime) return state.scheduleTime;
  if (state.timeSlotId !== null) return (slotStart(state.timeSlotId) ?? '00:00').slice(0, 5);
  return '00:00';
}

/** Spec 01 §5: the schedule must lie after now; a date alone counts until the end of that day. */
export function isScheduleInPast(date: string, time: string, now: Date, instantOf: (date: string, time: string) => Date): boolean {
  if (!date) return false;
  const start = instantOf(date, time || '23:59');
  return start.getTime() <= now.getTime();
}
