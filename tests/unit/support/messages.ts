import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import itMessages from '@/messages/it.json';

export type Messages = { [key: string]: unknown };

/** The four message files, English first. */
export const messageFiles: Record<string, Messages> = { en, it: itMessages, es, fr };

/** Flattens nested messages into dotted paths; non-object leaves are kept as they are so the string check can report them. */
export function flatten(messages: Messages, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [nested, leaf] of flatten(value as Messages, path)) flat.set(nested, leaf);
    } else {
      flat.set(path, value);
    }
  }
  return flat;
}
