'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import type { WidgetState } from './slices';

/**
 * Loads one widget's call and reads the answer with `read`. A failed call reads as undefined, so the widget says
 * temporarily unavailable (the call has shown its own notice). A new path (another period) or version (the refresh button) loads again; an answer
 * that arrives after the path changed is dropped.
 */
export function useWidget<T>(path: string, read: (answer: unknown) => WidgetState<T>, version = 0): WidgetState<T> {
  const key = `${path}#${version}`;
  const [state, setState] = useState<{ key: string; state: WidgetState<T> } | null>(null);
  useEffect(() => {
    let current = true;
    api<unknown>(path)
      .catch(() => undefined)
      .then((answer) => {
        if (current) setState({ key, state: read(answer) });
      });
    return () => {
      current = false;
    };
  }, [key, path, read]);
  return state?.key === key ? state.state : { kind: 'loading' };
}
