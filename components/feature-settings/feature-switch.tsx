'use client';

/** An on/off switch (role switch) with its visible state word beside it. */
export function FeatureSwitch({
  checked,
  disabled,
  label,
  stateLabel,
  describedBy,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  label: string;
  stateLabel: string;
  describedBy?: string;
  onChange: (next: boolean) => void;
}) {
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:ring-2 focus:ring-brand/40 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 ${checked ? 'bg-brand' : 'bg-slate-300'}`}
      >
        <span
          aria-hidden
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
      <span className="w-20 text-xs text-slate-600">{stateLabel}</span>
    </span>
  );
}
