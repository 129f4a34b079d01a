'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import type { DirectionAnswer, RouteLeg } from '@/lib/contract/task-direction';

export type RouteLegsState = { kind: 'loading' } | { kind: 'loaded'; legs: RouteLeg[] } | { kind: 'failed' };

/**
 * GET task/direction for the worker over [from, to). The answer is kept with the question it answers, so a change of
 * worker or range shows loading at once and a late answer to an old question is never shown.
 */
export function useRouteLegs(workerId: number, from: Date, to: Date): RouteLegsState {
  const query = new URLSearchParams({
    appointmentFrom: from.toISOString(),
    appointmentTo: to.toISOString(),
    assigneeId: String(workerId),
  }).toString();
  const [answer, setAnswer] = useState<{ query: string; state: RouteLegsState } | null>(null);
  useEffect(() => {
    let live = true;
    api<DirectionAnswer>(`task/direction?${query}`)
      .then((legs) => {
        if (live) setAnswer({ query, state: { kind: 'loaded', legs } });
      })
      .catch(() => {
        // The api wrapper has already shown the global notice where one applies.
        if (live) setAnswer({ query, state: { kind: 'failed' } });
      });
    return () => {
      live = false;
    };
  }, [query]);
  return answer?.query === query ? answer.state : { kind: 'loading' };
}
