'use client';

import { useLocale } from 'next-intl';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ClockPreferences } from '@/lib/client/format-date-time';

type ServerClock = Pick<ClockPreferences, 'twentyFourHour' | 'timeZone'>;

const WorkerClockContext = createContext<ServerClock | null>(null);

/**
 * The worker's clock as the page was rendered with it (their 12/24-hour choice, their zone else the company's): it
 * rides in the page itself, so the phone's offline copy shows times the same way without asking the server.
 */
export function WorkerClockProvider({ clock, children }: { clock: ServerClock; children: ReactNode }) {
  return <WorkerClockContext.Provider value={clock}>{children}</WorkerClockContext.Provider>;
}

/** The worker view's clock with the UI language; outside the provider, a 24-hour clock in the browser's zone. */
export function useWorkerClock(): ClockPreferences {
  const language = useLocale();
  const clock = useContext(WorkerClockContext);
  return useMemo(
    () => ({
      language,
      twentyFourHour: clock?.twentyFourHour ?? true,
      timeZone: clock?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
    [language, clock],
  );
}
