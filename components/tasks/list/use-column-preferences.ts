'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '@/lib/client/api';
import { orderColumns, parsePreferredColumns, serializeColumns } from '@/lib/client/tasks/columns';
import { meKey, type ListUser } from './use-task-list';

export const saveColumnsDelayMs = 5000;

/**
 * The shown columns: read from the user's preferredTaskColumns, changed at once on screen, and saved after
 * 5 quiet seconds so a burst of ticks makes one call. Leaving the page sends a pending choice straight away.
 */
export function useColumnPreferences(user: ListUser | undefined, knownKeys: readonly string[]) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; text: string } | null>(null);

  const saved = user?.preferredTaskColumns ?? null;
  const fromPreference = useMemo(() => parsePreferredColumns(saved, knownKeys), [saved, knownKeys]);
  const shown = useMemo(
    () => (chosen ? orderColumns(chosen.filter((key) => knownKeys.includes(key)), knownKeys) : fromPreference),
    [chosen, fromPreference, knownKeys],
  );

  const save = useCallback(
    (text: string, keepalive = false) => {
      void api('users/preferredTaskColumns', { method: 'PATCH', json: { preferredTaskColumns: text }, keepalive })
        .then(() => queryClient.setQueryData<ListUser>(meKey, (me) => (me ? { ...me, preferredTaskColumns: text } : me)))
        .catch(() => undefined);
    },
    [queryClient],
  );

  const choose = useCallback(
    (keys: string[]) => {
      setChosen(keys);
      const text = serializeColumns(keys);
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = {
        text,
        timer: setTimeout(() => {
          pending.current = null;
          save(text);
        }, saveColumnsDelayMs),
      };
    },
    [save],
  );

  useEffect(
    () => () => {
      if (!pending.current) return;
      clearTimeout(pending.current.timer);
      save(pending.current.text, true);
    },
    [save],
  );

  return { shown, choose };
}
