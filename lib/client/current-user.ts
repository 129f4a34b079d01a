'use client';

import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api';
import { currentUserKeys } from './query-keys';

/** The part of GET users/me that the drawer's tabs read: the user's clock and zones. */
export interface CurrentUserClock {
  preferredTimeFormat: boolean;
  timeZone: string | null;
  tenantTimeZone: string;
}

/**
 * GET users/me once per page, shared: every tab of the task drawer and the recurrence tab need the user's clock, and
 * opening a tab should not ask the server again. A failed read keeps no answer, so the next caller asks anew.
 */
const clockQuery = {
  queryKey: currentUserKeys.clock,
  queryFn: () => api<CurrentUserClock>('users/me'),
  staleTime: Infinity,
} as const;

export function useCurrentUserClock() {
  return useQuery(clockQuery);
}

/** The same read for code outside a render (an export, a chain of reads). */
export function loadCurrentUserClock(client: QueryClient): Promise<CurrentUserClock> {
  return client.fetchQuery(clockQuery);
}

/** After the user changes their own preferences: the next read asks the server. */
export function useForgetCurrentUserClock(): () => void {
  const client = useQueryClient();
  return useCallback(() => client.removeQueries({ queryKey: currentUserKeys.clock }), [client]);
}
