'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download, Filter, Plus, RefreshCw, Search, Upload } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DateRange } from '@/components/ui/date-range';
import { ImportModal } from '@/components/csv-import/import-modal';
import { taskImportKind } from '@/lib/client/csv-import';
import { refusesInvalidFields } from '@/lib/client/form-validity';

export type BulkAction = 'taskStatus' | 'billingStatus' | 'duplicate';

const inputClass =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:ring-2 focus:ring-brand/40';

/** The list's controls, in the order: range, reload, export, columns, free text, filters, actions, add. */
export function TaskListToolbar({
  range,
  onRangeChange,
  onReload,
  reloading,
  onExport,
  columnChooser,
  searchText,
  onSearchChange,
  activeFilters,
  onOpenFilters,
  selectedCount,
  onAction,
  onAdd,
}: {
  range: { from: string; to: string } | null;
  onRangeChange: (from: string, to: string) => void;
  onReload: () => void;
  reloading: boolean;
  onExport: () => void;
  columnChooser: ReactNode;
  searchText: string;
  onSearchChange: (text: string) => void;
  activeFilters: number;
  onOpenFilters: () => void;
  selectedCount: number;
  onAction: (action: BulkAction) => void;
  onAdd: () => void;
}) {
  const t = useTranslations('taskList.toolbar');
  const tImport = useTranslations('taskImport');
  const [importOpen, setImportOpen] = useState(false);
  const rangeRef = useRef<HTMLDivElement>(null);
  const itemClass =
    'cursor-pointer rounded px-3 py-2 text-sm text-slate-800 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100';
  return (
    <div className="flex flex-wrap items-center gap-2">
      {range ? (
        <DateRange
          label={t('dateRange')}
          fromLabel={t('from')}
          toLabel={t('to')}
          hideLabels
          from={range.from}
          to={range.to}
          onChange={onRangeChange}
          groupRef={rangeRef}
        />
      ) : null}
      <Button variant="secondary" onClick={onReload} aria-label={t('reload')} title={t('reload')}>
        <RefreshCw size={16} aria-hidden className={reloading ? 'animate-spin' : undefined} />
      </Button>
      <Button
        variant="secondary"
        // The file covers the applied range: not while a range box shows a refused entry, which the file would not cover.
        onClick={() => {
          if (!refusesInvalidFields(rangeRef.current)) onExport();
        }}
        aria-label={t('export')} title={t('export')}>
        <Download size={16} aria-hidden />
      </Button>
      <Button variant="secondary" onClick={() => setImportOpen(true)} aria-label={tImport('button')} title={tImport('button')}>
        <Upload size={16} aria-hidden />
      </Button>
      <ImportModal kind={taskImportKind} open={importOpen} onClose={() => setImportOpen(false)} />
      {columnChooser}
      <label className="relative flex min-w-56 flex-1 items-center sm:max-w-80">
        <span className="sr-only">{t('search')}</span>
        <Search size={16} aria-hidden className="pointer-events-none absolute left-3 text-slate-400" />
        <input
          type="search"
          className={`${inputClass} w-full pl-9`}
          placeholder={t('searchPlaceholder')}
          value={searchText}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </label>
      <Button variant="secondary" onClick={onOpenFilters}>
        <Filter size={16} aria-hidden />
        {t('filters')}
        {activeFilters > 0 ? (
          <span className="rounded-full bg-brand px-1.5 text-xs text-white" aria-label={t('activeFilters', { count: activeFilters })}>
            {activeFilters}
          </span>
        ) : null}
      </Button>
      <div className="ml-auto flex items-center gap-2">
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <Button variant="secondary">
              {t('actions')}
              {selectedCount > 0 ? <span className="text-xs text-slate-500">({selectedCount})</span> : null}
              <ChevronDown size={16} aria-hidden />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={4} className="z-40 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
              {(['taskStatus', 'billingStatus', 'duplicate'] as const).map((action) => (
                <DropdownMenu.Item key={action} className={itemClass} disabled={selectedCount === 0} onSelect={() => onAction(action)}>
                  {t(`action.${action}`)}
                </DropdownMenu.Item>
              ))}
              {selectedCount === 0 ? <p className="px-3 py-1 text-xs text-slate-500">{t('tickFirst')}</p> : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
        <Button onClick={onAdd}>
          <Plus size={16} aria-hidden />
          {t('add')}
        </Button>
      </div>
    </div>
  );
}
