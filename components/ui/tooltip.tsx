'use client';

import { useId, useState, type ReactNode } from 'react';

/**
 * A short text shown beside its trigger while the pointer rests on it or it has keyboard focus; Escape hides it.
 * It opens to the right so that the scrolling box of a table cannot cut it off above the first row.
 */
export function Tooltip({ text, children }: { text: string; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const id = useId();

  return (
    <span
      className="relative inline-flex rounded focus:ring-2 focus:ring-brand/40 focus:outline-none"
      // Focusable so that keyboard users can read the text too.
      tabIndex={0}
      aria-describedby={shown ? id : undefined}
      onMouseEnter={() => setShown(true)}
      onMouseLeave={() => setShown(false)}
      onFocus={() => setShown(true)}
      onBlur={() => setShown(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setShown(false);
      }}
    >
      {children}
      {shown ? (
        <span
          role="tooltip"
          id={id}
          className="pointer-events-none absolute top-1/2 left-full z-20 ml-2 -translate-y-1/2 rounded bg-slate-900 px-2 py-1 text-xs font-normal whitespace-nowrap text-white normal-case shadow"
        >
          {text}
        </span>
      ) : null}
    </span>
  );
}
