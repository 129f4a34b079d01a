'use client';

import type { ButtonHTMLAttributes } from 'react';

/**
 * An on/off switch (role switch), for a setting that applies at once rather than through a form's Save. It does not
 * change itself: the owner sets `checked` from what the server answered.
 */
export function Switch({
  checked,
  onCheckedChange,
  className = '',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={(event) => {
        // A switch inside a clickable row must not also open the row.
        event.stopPropagation();
        onCheckedChange(!checked);
      }}
      onDoubleClick={(event) => event.stopPropagation()}
      className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand/40 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 ${checked ? 'bg-brand' : 'bg-slate-300'} ${className}`}
      {...props}
    >
      <span
        aria-hidden
        className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-4.5' : 'translate-x-0.5'}`}
      />
    </button>
  );
}
