import type { ReactNode } from 'react';

/** The spec's colour names for status tags, mapped to one palette used everywhere. */
export const tagColours = {
  blue: 'bg-blue-50 text-blue-700 ring-blue-200',
  orange: 'bg-orange-50 text-orange-700 ring-orange-200',
  violet: 'bg-violet-50 text-violet-700 ring-violet-200',
  green: 'bg-green-50 text-green-700 ring-green-200',
  red: 'bg-red-50 text-red-700 ring-red-200',
  lime: 'bg-lime-50 text-lime-800 ring-lime-300',
  gray: 'bg-slate-100 text-slate-700 ring-slate-300',
} as const;
export type TagColour = keyof typeof tagColours;

export function Tag({ colour, children }: { colour: TagColour; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${tagColours[colour]}`}>
      {children}
    </span>
  );
}
