/** A whole number as two digits: 7 → '07'. */
export const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * 'HH:mm' shown in the user's format, the same in every language (spec 03 §9): 24-hour 'HH:mm', 12-hour
 * 'hh:mm a', that is '02:30 pm'.
 */
export function formatTimeOfDay(value: string, twentyFourHour: boolean): string {
  const [hours, minutes] = value.split(':').map(Number);
  if (twentyFourHour) return `${twoDigits(hours)}:${twoDigits(minutes)}`;
  const suffix = hours < 12 ? 'am' : 'pm';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twoDigits(twelve)}:${twoDigits(minutes)} ${suffix}`;
}
