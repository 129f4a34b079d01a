'use client';

import * as Popover from '@radix-ui/react-popover';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

/** A status tag that opens a list of the statuses it may move to; the caller asks for confirmation. */
export function StatusMenu({
  label,
  tag,
  choices,
  renderChoice,
  choiceName,
  onChoose,
  disabled,
}: {
  label: string;
  tag: ReactNode;
  choices: number[];
  renderChoice: (id: number) => ReactNode;
  choiceName: (id: number) => string;
  onChoose: (id: number) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-labelledby={`${id}-label ${id}-tag`}
        disabled={disabled || choices.length === 0}
        className="inline-flex items-center gap-1 rounded-md px-1 py-0.5 hover:bg-slate-100 disabled:cursor-default disabled:hover:bg-transparent"
      >
        <span id={`${id}-tag`}>{tag}</span>
        {disabled || choices.length === 0 ? null : <ChevronDown size={14} aria-hidden className="text-slate-500" />}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className="z-[60] flex min-w-40 flex-col rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <div role="menu" aria-label={label} className="flex flex-col">
            {choices.map((id) => (
              <button
                key={id}
                type="button"
                role="menuitem"
                aria-label={choiceName(id)}
                className="rounded px-2 py-1.5 text-left hover:bg-slate-100"
                onClick={() => {
                  setOpen(false);
                  onChoose(id);
                }}
              >
                {renderChoice(id)}
              </button>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
      {/* The button's name is the label and then the shown status: it contains its visible text (WCAG 2.5.3). */}
      <span id={`${id}-label`} hidden>
        {label}
      </span>
    </Popover.Root>
  );
}
