import type { ScheduleWarning } from '@/lib/contract/schedule-board';
import type { ScheduleProblem } from './schedule-problems';

/** next-intl's translator of the `scheduleDrop` namespace, narrowed to what these texts need. */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** How the user reads a day ('YYYY-MM-DD') and a time of day ('HH:mm' or 'HH:mm:ss'). */
export interface ScheduleFormats {
  day: (isoDate: string) => string;
  time: (timeOfDay: string) => string;
}

/** A message the board shows as a toast; durationMs when the spec fixes how long (the time slot's 6 s). */
export interface ScheduleNotice {
  text: string;
  level: 'error' | 'warning';
  durationMs?: number;
}

/** The invalid time slot message stays 6 seconds (spec 02 §5). */
export const invalidTimeSlotMs = 6000;

const listOr = (names: string[], none: string) => (names.length > 0 ? names.join(', ') : none);

/** One warning of the confirmation, as a sentence in the user's language. */
export function warningText(warning: ScheduleWarning, t: Translate, formats: ScheduleFormats): string {
  switch (warning.kind) {
    case 'skills':
      return t('warnings.skills', { missing: listOr(warning.missing, t('noSkills')) });
    case 'zones':
      return t('warnings.zones', { zones: listOr(warning.zones, t('noZones')) });
    case 'noLocation':
      return t('warnings.noLocation');
    case 'unavailable':
      return t('warnings.unavailable', { date: formats.day(warning.date) });
    case 'outsideWorkingHours':
      return warning.hours.length > 0
        ? t('warnings.outsideWorkingHours', { date: formats.day(warning.date), hours: hoursText(warning.hours, formats) })
        : t('warnings.noHoursThatDay', { date: formats.day(warning.date) });
  }
}

/** '08:00-12:00' ranges in the user's clock: '08:00 am–12:00 pm' on a 12-hour clock. */
function hoursText(hours: string[], formats: ScheduleFormats): string {
  return hours
    .map((range) => {
      const [from, to] = range.split('-');
      return from && to ? `${formats.time(from)}–${formats.time(to)}` : range;
    })
    .join(', ');
}

/**
 * The toast a refusal shows; null for problems shown elsewhere (a confirmation dialog) or already told by the global
 * handling of api() (403, 5xx, no answer), which must not be told twice.
 */
export function problemNotice(problem: ScheduleProblem, t: Translate, formats: ScheduleFormats): ScheduleNotice | null {
  switch (problem.kind) {
    case 'invalidTimeSlot':
      return {
        level: 'error',
        durationMs: invalidTimeSlotMs,
        text: problem.slot
          ? t('invalidTimeSlot', {
              slot: problem.slot.name,
              start: problem.slot.start ? formats.time(problem.slot.start) : '',
              end: problem.slot.end ? formats.time(problem.slot.end) : '',
            })
          : t('invalidTimeSlotUnnamed'),
      };
    case 'notPlannedForDay':
      return {
        level: 'error',
        text: problem.date ? t('notPlannedForDay', { date: formats.day(problem.date) }) : t('notPlannedForDayUndated'),
      };
    case 'workerUnavailable':
      return { level: 'error', text: unavailableText(problem.warning, t, formats) };
    case 'invalidWorker':
      return { level: 'error', text: t('invalidWorker') };
    case 'cancelled':
      return { level: 'error', text: t('cancelled') };
    case 'dateInPast':
      return { level: 'error', text: t('dateInPast') };
    case 'invalid':
      return { level: 'error', text: t('invalid') };
    case 'stale':
      return { level: 'warning', text: t('stale') };
    case 'gone':
      return { level: 'warning', text: t('gone') };
    case 'confirm':
    case 'other':
      return null;
  }
}

function unavailableText(warning: ScheduleWarning | null, t: Translate, formats: ScheduleFormats): string {
  if (warning?.kind === 'outsideWorkingHours' && warning.hours.length > 0) {
    return t('workerUnavailableHours', { date: formats.day(warning.date), hours: hoursText(warning.hours, formats) });
  }
  if (warning?.kind === 'outsideWorkingHours' || warning?.kind === 'unavailable') {
    return t('workerUnavailableDay', { date: formats.day(warning.date) });
  }
  return t('workerUnavailable');
}
