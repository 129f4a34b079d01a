'use client';

import { useEffect, type Dispatch, type SetStateAction } from 'react';
import type { TaskFormProblems } from '@/lib/client/task-form/problems';

/** Custom fields the server named as missing (completion refused); `at` tells two refusals of the same fields apart. */
export interface FlaggedFields {
  ids: number[];
  at: number;
}

/** Where a custom field sits in the form, so a refusal can take the user to it. */
export const customFieldAnchor = (id: number) => ({ 'data-custom-field-id': String(id) });

/**
 * Flags each named field with `message` and takes the user to the first: scrolled into view and focused.
 * The flags then clear like any field error, when the field changes.
 */
export function useFlaggedFields(
  flagged: FlaggedFields | null | undefined,
  setProblems: Dispatch<SetStateAction<TaskFormProblems>>,
  message: string,
) {
  useEffect(() => {
    if (!flagged || flagged.ids.length === 0) return;
    const flags = Object.fromEntries(flagged.ids.map((id) => [String(id), message]));
    // The refusal comes from outside the form (the header's status menu, or a link from the list): an event the
    // form's state takes in, so the flags then clear like any field error.
    setProblems((current) => ({ ...current, customFields: { ...current.customFields, ...flags } }));
    const frame = requestAnimationFrame(() => {
      const first = document.querySelector<HTMLElement>(`[data-custom-field-id="${flagged.ids[0]}"]`);
      first?.scrollIntoView({ block: 'center' });
      first?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    });
    return () => cancelAnimationFrame(frame);
    // `message` is the same text in every render of one language; only a new refusal flags again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flagged, setProblems]);
}
