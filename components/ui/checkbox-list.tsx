'use client';

/** A tick box and its label, muted with a not-allowed cursor when disabled (itself or by a disabled fieldset). */
export const checkboxClass = 'accent-brand disabled:cursor-not-allowed';
export const checkLabelClass = 'flex items-center gap-2 truncate has-disabled:cursor-not-allowed has-disabled:text-slate-400';

/** A labelled group of checkboxes choosing ids, kept in ascending order so unticking a change undoes it exactly. */
export function CheckboxList({
  legend,
  options,
  chosen,
  onChange,
  emptyText,
  error,
  disabled = false,
}: {
  legend: string;
  options: readonly { id: number; label: string }[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  emptyText: string;
  error?: string;
  disabled?: boolean;
}) {
  const toggle = (id: number, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((chosenId) => chosenId !== id);
    onChange([...new Set(next)].sort((left, right) => left - right));
  };

  return (
    <fieldset disabled={disabled} className="flex flex-col gap-1 text-sm text-slate-700">
      <legend className="mb-1 font-medium">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-xs text-slate-500">{emptyText}</p>
      ) : (
        <div className="grid max-h-48 grid-cols-2 gap-x-4 gap-y-1 overflow-y-auto rounded-md border border-slate-200 p-2 has-disabled:bg-slate-100">
          {options.map((option) => (
            <label key={option.id} className={checkLabelClass}>
              <input
                type="checkbox"
                className={checkboxClass}
                checked={chosen.includes(option.id)}
                onChange={(event) => toggle(option.id, event.target.checked)}
              />
              <span className="truncate">{option.label}</span>
            </label>
          ))}
        </div>
      )}
      {error ? (
        <span role="alert" className="text-xs text-red-600">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
