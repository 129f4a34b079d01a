'use client';

import { Star } from 'lucide-react';
import type { KeyboardEvent } from 'react';

const max = 5;
const step = 0.5;

function Stars({ value, onPick }: { value: number; onPick?: (value: number) => void }) {
  return Array.from({ length: max }, (_, index) => {
    const fill = Math.min(1, Math.max(0, value - index));
    return (
      // Not buttons: controls inside the slider would be nested interactive elements for assistive technology.
      <span
        key={index}
        className={`relative h-8 w-8 ${onPick ? 'cursor-pointer' : ''}`}
        onClick={
          onPick
            ? (event) => {
                const box = event.currentTarget.getBoundingClientRect();
                onPick(index + (event.clientX - box.left < box.width / 2 ? 0.5 : 1));
              }
            : undefined
        }
      >
        <Star className="absolute inset-0 h-8 w-8 text-slate-300" aria-hidden />
        <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }} aria-hidden>
          <Star className="h-8 w-8 fill-amber-400 text-amber-400" />
        </span>
      </span>
    );
  });
}

/**
 * A half-star rating that is one slider for assistive technology and the keyboard (arrows, Home, End), and ten
 * click targets for the pointer: the left half of a star gives the half step. Without onChange it only shows the
 * value, as one image named by it.
 */
export function StarRating({
  value,
  onChange,
  label,
  valueText,
}: {
  value: number;
  onChange?: (value: number) => void;
  label: string;
  valueText: string;
}) {
  if (!onChange) {
    return (
      <div role="img" aria-label={`${label}: ${valueText}`} className="flex gap-1">
        <Stars value={value} />
      </div>
    );
  }
  const set = (next: number) => onChange(Math.min(max, Math.max(step, Math.round(next / step) * step)));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: value + step,
      ArrowUp: value + step,
      ArrowLeft: value - step,
      ArrowDown: value - step,
      Home: step,
      End: max,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    set(moves[event.key]);
  };
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={step}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      onKeyDown={onKeyDown}
      className="flex gap-1 rounded outline-none focus-visible:ring-2 focus-visible:ring-brand"
    >
      <Stars value={value} onPick={set} />
    </div>
  );
}
