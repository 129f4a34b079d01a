'use client';

import { useState, type RefObject } from 'react';
import { DatePicker } from './date-picker';

/**
 * A From and a To date showing the applied range, which whatever they drive (a list, its export, a report) always
 * covers. A refused entry (a day that does not exist, a To before From) shows its error and changes nothing; once
 * either box applies a date, the other box shows the applied range again, its refused entry and error gone, so the
 * boxes never show a range other than the one applied. A From after To moves To along.
 */
export function DateRange({
  label,
  fromLabel,
  toLabel,
  from,
  to,
  onChange,
  groupRef,
  hideLabels = false,
  clearable = false,
  boxClassName = 'w-40',
}: {
  /** The group's accessible name. */
  label: string;
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  /** The group, for a caller to refuse applying while a box shows a refused entry (lib/client/form-validity). */
  groupRef?: RefObject<HTMLDivElement | null>;
  hideLabels?: boolean;
  clearable?: boolean;
  boxClassName?: string;
}) {
  // A box is mounted afresh (back to the applied date) when the other one applies a change.
  const [fresh, setFresh] = useState({ from: 0, to: 0 });
  // The range last applied here, ahead of the caller's props: a caller that applies through a navigation hands the new
  // range back only when it lands, and a box used meanwhile must be checked against, and combined with, the new one.
  const [applied, setApplied] = useState({ from, to });
  const [given, setGiven] = useState({ from, to });
  if (given.from !== from || given.to !== to) {
    setGiven({ from, to });
    setApplied({ from, to });
  }
  const apply = (next: { from: string; to: string }) => {
    setApplied(next);
    onChange(next.from, next.to);
  };
  return (
    <div ref={groupRef} role="group" aria-label={label} className={`flex gap-1 ${hideLabels ? 'items-center' : 'items-end'}`}>
      <div className={boxClassName}>
        <DatePicker
          key={fresh.from}
          label={fromLabel}
          hideLabel={hideLabels}
          clearable={clearable}
          value={applied.from}
          onChange={(next) => {
            setFresh((current) => ({ ...current, to: current.to + 1 }));
            apply({ from: next, to: next !== '' && applied.to !== '' && applied.to < next ? next : applied.to });
          }}
        />
      </div>
      <span aria-hidden className={`text-slate-400 ${hideLabels ? '' : 'pb-2'}`}>
        –
      </span>
      <div className={boxClassName}>
        <DatePicker
          key={fresh.to}
          label={toLabel}
          hideLabel={hideLabels}
          clearable={clearable}
          value={applied.to}
          min={applied.from || undefined}
          onChange={(next) => {
            setFresh((current) => ({ ...current, from: current.from + 1 }));
            apply({ from: applied.from, to: next });
          }}
        />
      </div>
    </div>
  );
}
