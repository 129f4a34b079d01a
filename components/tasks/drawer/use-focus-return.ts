'use client';

import { useEffect, useRef } from 'react';

/**
 * The drawer opens from the URL and unmounts when it closes, so the dialog cannot give the focus back itself: the
 * element focused outside any dialog last (the task a keyboard user opened) gets it back when `open` turns false.
 */
export function useFocusReturn(open: boolean): void {
  const lastOutside = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !event.target.closest('[role="dialog"]')) lastOutside.current = event.target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  useEffect(() => {
    if (open) return;
    const element = lastOutside.current;
    if (!element?.isConnected) return;
    // After the dialog's own clean-up, which focuses the page body when it unmounts.
    const timer = window.setTimeout(() => element.focus());
    return () => window.clearTimeout(timer);
  }, [open]);
}
