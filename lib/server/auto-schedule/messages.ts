/** The English texts of auto-schedule's refusals; clients translate by the error code. */
export const autoScheduleMessages = {
  running: 'An auto-schedule for this date is already running. Try again when it ends.',
  alreadyUndone: 'This auto-schedule has already been undone.',
  changedSince: 'Some tasks were changed after this auto-schedule, so nothing was undone.',
  runNotFound: 'Auto-schedule not found.',
} as const;
