'use client';

import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Field } from '@/components/ui/field';

/** A picker with a button beside it that opens a drawer to add a new item to pick (a task type, a client). */
export function PickerWithAdd({
  label,
  error,
  addLabel,
  onAdd,
  children,
}: {
  label: string;
  error?: string;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex items-end gap-2">
      <div className="flex-1">
        <Field label={label} error={error}>
          {children}
        </Field>
      </div>
      <button
        type="button"
        aria-label={addLabel}
        title={addLabel}
        className="mb-0.5 rounded-md border border-slate-300 p-2 text-slate-700 hover:bg-slate-50"
        onClick={onAdd}
      >
        <Plus size={16} aria-hidden />
      </button>
    </div>
  );
}
