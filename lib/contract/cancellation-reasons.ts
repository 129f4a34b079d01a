import { z } from 'zod';
import { requiredName } from './reference-data';

/** The spec's own warning for a duplicate name (spec 03 §8), answered by the API and shown by the screen. */
export const cancellationReasonConflictMessage = 'Conflict: A cancellation reason with this name already exists';

/**
 * The reasons the translations offer (spec 03 §3), by message key. A new company gets them in English; the add
 * drawer suggests, in the user's language, those the company does not have.
 */
export const defaultCancellationReasonKeys = ['clientCancelled', 'clientNoShow', 'duplicate', 'other'] as const;
export type DefaultCancellationReasonKey = (typeof defaultCancellationReasonKeys)[number];

/**
 * The names a new company's defaults are stored under. A reason still holding one of them is the translations'
 * default, and every screen shows it in the reader's language; a renamed one no longer matches and shows as typed.
 */
export const defaultCancellationReasonNames: Record<DefaultCancellationReasonKey, string> = {
  clientCancelled: 'Client cancelled',
  clientNoShow: 'Client no show',
  duplicate: 'Duplicate',
  other: 'Other',
};

/** The default a stored name stands for, or null for a name the company typed. */
export function defaultCancellationReasonKey(name: string): DefaultCancellationReasonKey | null {
  return defaultCancellationReasonKeys.find((key) => defaultCancellationReasonNames[key] === name) ?? null;
}

/** POST and PUT cancellation_reason: {name} (spec 03 §5: name required). */
export const CancellationReasonBody = z.object({ name: requiredName('Name is required') });
export type CancellationReasonBody = z.infer<typeof CancellationReasonBody>;
