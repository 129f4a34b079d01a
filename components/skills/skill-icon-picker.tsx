'use client';

import { useTranslations } from 'next-intl';
import { useId, type KeyboardEvent } from 'react';
import { skillIcons, type SkillIcon } from '@/lib/contract/skills';
import { skillIconGlyphs } from './skill-icon-glyphs';

const columns = 10;

/**
 * The grid of the 50 skill icons (spec 03 §2.5), one radio each, named by what it draws. Arrow keys move the choice
 * along the grid as in any radio group; only the chosen icon (or the first) is in the tab order.
 */
export function SkillIconPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string | undefined;
  onChange: (icon: SkillIcon) => void;
  error?: string;
}) {
  const t = useTranslations('skillSettings.icons');
  const labelId = useId();
  const chosenIndex = skillIcons.findIndex((icon) => icon === value);
  const focusIndex = chosenIndex === -1 ? 0 : chosenIndex;

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (focusIndex + step + skillIcons.length) % skillIcons.length;
    onChange(skillIcons[next]);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
  };

  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      <span id={labelId} className="font-medium">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-invalid={error ? true : undefined}
        onKeyDown={move}
        className={`grid grid-cols-10 gap-1 rounded-md border p-2 ${error ? 'border-red-500' : 'border-slate-200'}`}
      >
        {skillIcons.map((icon, index) => {
          const Glyph = skillIconGlyphs[icon];
          const chosen = icon === value;
          return (
            <button
              key={icon}
              type="button"
              role="radio"
              aria-checked={chosen}
              aria-label={t(icon)}
              title={t(icon)}
              tabIndex={index === focusIndex ? 0 : -1}
              onClick={() => onChange(icon)}
              className={`flex aspect-square items-center justify-center rounded-md focus:ring-2 focus:ring-brand/40 focus:outline-none ${
                chosen ? 'bg-brand text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              <Glyph size={20} aria-hidden />
            </button>
          );
        })}
      </div>
      {error ? (
        <span role="alert" className="text-xs text-red-600">
          {error}
        </span>
      ) : null}
    </div>
  );
}
