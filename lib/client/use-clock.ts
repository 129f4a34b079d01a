'use client';

import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import type { ClockPreferences } from '@/lib/client/task-history/log-format';

interface Me {
  preferredTimeFormat: boolean;
  timeZone: string | null;
  tenantTimeZone: string;
}

/**
 * How this user reads times: their 12/24-hour preference and their own time zone, else the company's. Until the
 * answer arrives, and if it fails, times read on a 24-hour clock in the browser's zone.
 */
export function useClock(): ClockPreferences {
  const language = useLocale();
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    let live = true;
    api<Me>('users/me')
      .then((answer) => {
        if (live) setMe(answer);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return {
    language,
    twentyFourHour: me?.preferredTimeFormat ?? true,
    timeZone: me?.timeZone ?? me?.tenantTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}
