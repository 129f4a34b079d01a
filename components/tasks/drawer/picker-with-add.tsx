'use client';

import { Pencil, Plus } from 'lucide-react';
import type { ReactNode } from 'react';

const iconButtonClass =
  'mt-6 rounded-md border border-slate-300 p-2 text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-400';

/**
 * A picker (a labelled combobox, passed as children) with a button beside it that opens a drawer to add a new item to pick (a task type, a client), and,
 * when `edit` is given, one that opens the picked item in that drawer to modify or delete it.
 */
export function PickerWithAdd({
  addLabel,
  onAdd,
  edit,
  children,
}: {
  addLabel: string;
  onAdd: () => void;
  edit?: { label: string; onEdit: () => void };
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <div className="flex-1">{children}</div>
      {edit ? (
        <button type="button" aria-label={edit.label} title={edit.label} className={iconButtonClass} onClick={edit.onEdit}>
          <Pencil size={16} aria-hidden />
        </button>
      ) : null}
      <button type="button" aria-label={addLabel} title={addLabel} className={iconButtonClass} onClick={onAdd}>
        <Plus size={16} aria-hidden />
      </button>
    </div>
  );
}
