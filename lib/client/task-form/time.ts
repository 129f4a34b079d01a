/** The time picker's step (spec 01 §9). */
export const timeStepMinutes = 15;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * 'HH:mm' shown in the user's format, the same in every language (spec 03 §9): 24-hour 'HH:mm', 12-hour
 * 'hh:mm a', that is '02:30 pm'.
 */
export function formatTimeOfDay(value: string, twentyFourHour: boolean): string {
  const [hours, minutes] = value.split(':').map(Number);
  if (twentyFourHour) return `${pad(hours)}:${pad(minutes)}`;
  const suffix = hours < 12 ? 'am' : 'pm';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(twelve)}:${pad(minutes)} ${suffix}`;
}

export interface TimeOption {
  value: string;
  label: string;
}

/** Every quarter hour of the day, values 'HH:mm', labels in the user's 12- or 24-hour format. */
export function timeOptions(twentyFourHour: boolean): TimeOption[] {
  const options: TimeOption[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += timeStepMinutes) {
    const value = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    options.push({ value, label: formatTimeOfDay(value, twentyFourHour) });
  }
  return options;
}

/** A stored time off the grid (set by another screen) still shows, rounded down to its quarter. */
export function snapToStep(value: string): string {
  const [hours, minutes] = value.split(':').map(Number);
  return `${pad(hours)}:${pad(minutes - (minutes % timeStepMinutes))}`;
}
