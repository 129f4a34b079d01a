import type { ComponentProps, ReactNode } from 'react';

export function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      <label className="flex flex-col gap-1">
        <span className="font-medium">{label}</span>
        {children}
      </label>
      {error ? (
        <span role="alert" className="text-xs text-red-600">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * What every text-like control shares (inputs, selects, comboboxes, date pickers, text areas), the border colour
 * aside. Disabled looks disabled: grey background, muted text, a not-allowed cursor.
 */
export const controlClass =
  'rounded-md border bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:ring-2 focus:ring-brand/40 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 data-disabled:cursor-not-allowed data-disabled:bg-slate-100 data-disabled:text-slate-500';

/** Every native select of the product looks the same, enabled or disabled. */
export const selectClass = `${controlClass} border-slate-300`;

export function TextInput({ invalid, className = '', ...props }: ComponentProps<'input'> & { invalid?: boolean }) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={`${controlClass} ${invalid ? 'border-red-500' : 'border-slate-300'} ${className}`}
      {...props}
    />
  );
}
