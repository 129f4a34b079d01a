'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api';
import { dashboardKeys } from '@/lib/client/query-keys';
import type { WidgetState } from './slices';

/**
 * Loads one widget's call and reads the answer with `read`. A failed call reads as undefined, so the widget says
 * temporarily unavailable (the call has shown its own notice). A new path (another period) or version (the refresh
 * button) is another query, so it shows loading until its own answer comes.
 */
export function useWidget<T>(path: string, read: (answer: unknown) => WidgetState<T>, version = 0): WidgetState<T> {
  const { data } = useQuery({
    queryKey: dashboardKeys.widget(path, version),
    queryFn: async () => read(await api<unknown>(path).catch(() => undefined)),
  });
  return data ?? { kind: 'loading' };
}
