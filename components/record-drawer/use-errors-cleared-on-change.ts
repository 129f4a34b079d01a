'use client';

import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * A field's error goes as soon as the field changes, also one the server gave (setError) or one on a field set
 * through setValue, which react-hook-form does not validate again by itself. A value still wrong is flagged again
 * by the next validation.
 */
export function useErrorsClearedOnChange<Values extends FieldValues, Output>(form: UseFormReturn<Values, unknown, Output>) {
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name && form.getFieldState(name as Path<Values>).error) form.clearErrors(name as Path<Values>);
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
