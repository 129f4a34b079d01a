'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from './api';

/**
 * A 4xx answer will not change by asking again (and api() has already shown its notice or handed it to the screen);
 * a dropped connection or a 5xx may, once.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The one factory of the app's query cache. Screens read fresh on mount as they did before the cache; a read is not
 * repeated when the window regains focus, since live updates (SSE) and the screens' refresh buttons keep data current.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** One cache for every client screen of a page, whichever layout renders it. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
