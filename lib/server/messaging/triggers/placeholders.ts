import type { Language } from '@/lib/contract/languages';

/** What a message's placeholders are filled with; the person fields exist for both parties. */
export interface PlaceholderValues {
  client_name: string;
  client_surname: string;
  client_contact_number: string;
  worker_name: string;
  worker_surname: string;
  worker_contact_number: string;
  appointment: string;
  task_location: string;
  task_id: string;
  task_type: string;
  /** Made only when the message names them: each one is a stored token. */
  feedback_url?: string;
  tracking_url?: string;
}

const placeholderPattern = /\{([a-z_]+)\}/g;

/** The placeholders a message names, so links are made only when they are used. */
export function namedPlaceholders(message: string): Set<string> {
  return new Set([...message.matchAll(placeholderPattern)].map((match) => match[1]));
}

/** Replaces each known {placeholder}; an unknown or unavailable one becomes empty rather than showing braces. */
export function fillPlaceholders(message: string, values: PlaceholderValues): string {
  const table = values as unknown as Record<string, string | undefined>;
  return message.replace(placeholderPattern, (_match, token: string) => table[token] ?? '');
}

/** The appointment as the recipient reads it: their language, the tenant's time zone. */
export function formatAppointment(date: Date | null, language: Language, timeZone: string): string {
  if (!date) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(date);
}

export const phoneNumber = (countryCode: string | null | undefined, phone: string | null | undefined): string => {
  if (!phone) return '';
  const code = (countryCode ?? '').trim();
  if (!code) return phone.trim();
  return `${code.startsWith('+') ? code : `+${code}`}${phone.replace(/\s+/g, '')}`;
};
