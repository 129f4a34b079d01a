'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api';
import { scheduleKeys } from '@/lib/client/query-keys';
import type { DirectionAnswer, RouteLeg } from '@/lib/contract/task-direction';

export type RouteLegsState = { kind: 'loading' } | { kind: 'loaded'; legs: RouteLeg[] } | { kind: 'failed' };

/**
 * GET task/direction for the worker over [from, to). The answer is cached by the question it answers, so a change of
 * worker or range shows loading at once and a late answer to an old question is never shown.
 */
export function useRouteLegs(workerId: number, from: Date, to: Date): RouteLegsState {
  const query = new URLSearchParams({
    appointmentFrom: from.toISOString(),
    appointmentTo: to.toISOString(),
    assigneeId: String(workerId),
  }).toString();
  // The api wrapper has already shown the global notice where one applies.
  const legs = useQuery({ queryKey: scheduleKeys.routeLegs(query), queryFn: () => api<DirectionAnswer>(`task/direction?${query}`) });
  if (legs.isPending) return { kind: 'loading' };
  return legs.isError ? { kind: 'failed' } : { kind: 'loaded', legs: legs.data };
}
