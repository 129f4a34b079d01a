'use client';

import { useEffect, type Dispatch, type SetStateAction } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { withoutProblemOf, type TaskFormProblems } from '@/lib/client/task-form/problems';
import type { TaskFormValues } from './form-values';

/**
 * A field's error goes as soon as the field changes (the user is fixing it), instead of staying until the next
 * save. Changes the form makes itself (reset to a reread task) name no field and clear nothing.
 */
export function useProblemsClearedOnChange(
  form: UseFormReturn<TaskFormValues>,
  setProblems: Dispatch<SetStateAction<TaskFormProblems>>,
) {
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name) setProblems((current) => withoutProblemOf(current, name));
    });
    return () => subscription.unsubscribe();
  }, [form, setProblems]);
}
