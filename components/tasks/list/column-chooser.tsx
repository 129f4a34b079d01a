'use client';

import * as Popover from '@radix-ui/react-popover';
import { Columns3 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { alwaysShown, inGroupsOf } from '@/lib/client/tasks/columns';

export const columnGroupSize = 10;

/** A checkbox grid of every column, 10 to a group; id and type are ticked and cannot be unticked. */
export function ColumnChooser({
  keys,
  labelOf,
  shown,
  onChange,
}: {
  keys: readonly string[];
  labelOf: (key: string) => string;
  shown: readonly string[];
  onChange: (keys: string[]) => void;
}) {
  const t = useTranslations('taskList');
  const toggle = (key: string, on: boolean) =>
    onChange(on ? [...shown, key] : shown.filter((shownKey) => shownKey !== key));
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="secondary" aria-label={t('columns.choose')} title={t('columns.choose')}>
          <Columns3 size={16} aria-hidden />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label={t('columns.choose')}
          className="z-40 max-w-[90vw] rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
        >
          <p className="mb-3 text-sm font-semibold text-slate-900">{t('columns.choose')}</p>
          <div className="flex gap-6 overflow-x-auto">
            {inGroupsOf(keys, columnGroupSize).map((group, index) => (
              <fieldset key={index} className="flex min-w-40 flex-col gap-1.5">
                <legend className="sr-only">{t('columns.group', { number: index + 1 })}</legend>
                {group.map((key) => {
                  const locked = alwaysShown.includes(key);
                  return (
                    <label key={key} className="flex items-center gap-2 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand"
                        checked={locked || shown.includes(key)}
                        disabled={locked}
                        onChange={(event) => toggle(key, event.target.checked)}
                      />
                      {labelOf(key)}
                    </label>
                  );
                })}
              </fieldset>
            ))}
          </div>
          <p className="mt-3 text-xs text-slate-500">{t('columns.savedLater')}</p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
