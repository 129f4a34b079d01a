import type { ClockPreferences } from '@/lib/client/format-date-time';
import { formatInstant } from '@/lib/client/format-date-time';
import { quantityListText } from '@/lib/contract/quantity-list';
import { billingStatusCatalogue, taskStatusCatalogue } from '@/lib/contract/statuses';
import type { DetailChange, DetailField, LogEntryView } from '@/lib/contract/task-history';
import { parseDetailChanges } from '@/lib/contract/task-history';

// The one date and time formatter lives in format-date-time; the screens that read it from here keep working.
export { formatInstant, type ClockPreferences };

type Catalogue = readonly { id: number; status: string }[];

/** Logged statuses are their English names ('in progress'); an id also reads, so older or newer writers do too. */
function statusIdOf(value: string | null, catalogue: Catalogue): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  const byId = /^\d+$/.test(trimmed) ? catalogue.find((entry) => entry.id === Number(trimmed)) : undefined;
  const byName = catalogue.find((entry) => entry.status === trimmed.toLowerCase());
  return (byId ?? byName)?.id ?? null;
}

/** A logged status: its id when it is one of the catalogue's, else the text as logged. */
export type LoggedStatus = { id: number } | { text: string | null };

const loggedStatus = (value: string | null, catalogue: Catalogue): LoggedStatus => {
  const id = statusIdOf(value, catalogue);
  return id === null ? { text: value } : { id };
};

/** What one log entry says, ready to render: statuses as ids for their tags, everything else as text. */
export type LogDescription =
  | { kind: 'created'; referenceNumber: string | null }
  | { kind: 'taskStatus'; from: LoggedStatus; to: LoggedStatus }
  | { kind: 'billingStatus'; from: LoggedStatus; to: LoggedStatus }
  | { kind: 'cancel'; from: LoggedStatus; reason: string | null }
  | { kind: 'details'; changes: DetailChange[] }
  | { kind: 'values'; from: string | null; to: string | null };

/**
 * Reads one entry by its action (spec 01 §4). cancel_task holds the old status and the reason, or the name of the
 * cancelled status when no reason was given. An action this version does not know still shows its values.
 */
export function describeLogEntry(entry: Pick<LogEntryView, 'action' | 'oldValue' | 'newValue' | 'changes'>): LogDescription {
  const { action, oldValue, newValue } = entry;
  switch (action) {
    case 'task_created':
      return { kind: 'created', referenceNumber: newValue };
    case 'change_task_status':
      return {
        kind: 'taskStatus',
        from: loggedStatus(oldValue, taskStatusCatalogue),
        to: loggedStatus(newValue, taskStatusCatalogue),
      };
    case 'change_billing_status':
    case 'update_billing_status':
      return {
        kind: 'billingStatus',
        from: loggedStatus(oldValue, billingStatusCatalogue),
        to: loggedStatus(newValue, billingStatusCatalogue),
      };
    case 'cancel_task': {
      const cancelledName = taskStatusCatalogue.find((entry) => entry.id === 5)?.status;
      const reason = newValue === null || newValue === cancelledName ? null : newValue;
      return { kind: 'cancel', from: loggedStatus(oldValue, taskStatusCatalogue), reason };
    }
    case 'update_task_details':
      return { kind: 'details', changes: entry.changes ?? parseDetailChanges(oldValue, newValue) };
    default:
      return { kind: 'values', from: readableValue(oldValue), to: readableValue(newValue) };
  }
}

/** A value logged as a JSON object reads as "key: value" pairs; anything else as it was logged. */
export function readableValue(value: string | null): string | null {
  if (value === null || !value.trim().startsWith('{')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return value;
    return Object.entries(parsed as Record<string, unknown>)
      .map(([key, item]) => `${key}: ${item === null || typeof item !== 'object' ? String(item) : JSON.stringify(item)}`)
      .join(', ');
  } catch {
    return value;
  }
}

/** The words a detail line needs from the user's language. */
export interface DetailWords {
  fieldLabel: (field: Exclude<DetailField, 'customField'>) => string;
  /** A custom field whose name is gone. */
  customFieldLabel: (id: number | undefined) => string;
  minutes: (minutes: number) => string;
}

export interface DetailLine {
  label: string;
  from: string | null;
  to: string | null;
}

function detailValue(change: DetailChange, value: string | null, clock: ClockPreferences, words: DetailWords): string | null {
  if (value === null) return null;
  if (change.field === 'appointmentDate') return formatInstant(value, clock);
  if (change.field === 'durationMins' && /^\d+$/.test(value)) return words.minutes(Number(value));
  // The log keeps no field type: a value shaped as a quantity list reads 'Valve × 2', as everywhere else.
  if (change.field === 'customField') return quantityListText(value) ?? value;
  return value;
}

/** One "field: old → new" line per changed detail, labelled in the user's language, dates on their clock. */
export function detailLines(changes: readonly DetailChange[], clock: ClockPreferences, words: DetailWords): DetailLine[] {
  return changes.map((change) => ({
    label:
      change.field === 'customField'
        ? (change.customFieldName ?? words.customFieldLabel(change.customFieldId))
        : words.fieldLabel(change.field),
    from: detailValue(change, change.oldValue, clock, words),
    to: detailValue(change, change.newValue, clock, words),
  }));
}
