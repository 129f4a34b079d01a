import { formatTimeOfDay, twoDigits } from '@/lib/contract/time-of-day';

/** The time picker's step (spec 01 §9). */
export const timeStepMinutes = 15;

export interface TimeOption {
  value: string;
  label: string;
}

/** Every quarter hour of the day, values 'HH:mm', labels in the user's 12- or 24-hour format. */
export function timeOptions(twentyFourHour: boolean): TimeOption[] {
  const options: TimeOption[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += timeStepMinutes) {
    const value = `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
    options.push({ value, label: formatTimeOfDay(value, twentyFourHour) });
  }
  return options;
}

/** A stored time off the grid (set by another screen) still shows, rounded down to its quarter. */
export function snapToStep(value: string): string {
  const [hours, minutes] = value.split(':').map(Number);
  return `${twoDigits(hours)}:${twoDigits(minutes - (minutes % timeStepMinutes))}`;
}
