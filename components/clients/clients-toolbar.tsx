'use client';

import { Download, Plus, RefreshCw, Search, Upload } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';

/** The clients screen's controls, in the spec's order: reload, export, import, filter, accounting, add. */
export function ClientsToolbar({
  onReload,
  reloading,
  onExport,
  exporting,
  onImport,
  filterText,
  onFilterChange,
  accountingAction,
  onAdd,
}: {
  onReload: () => void;
  reloading: boolean;
  onExport: () => void;
  exporting: boolean;
  onImport: () => void;
  filterText: string;
  onFilterChange: (text: string) => void;
  /**
   * The 'fetch from accounting provider' button (spec 03 §2.7): shown only with feature 5 and saved credentials.
   * The accounting (Xero) work supplies it; this screen only gives it its place between the filter and Add.
   */
  accountingAction?: ReactNode;
  onAdd: () => void;
}) {
  const t = useTranslations('clients.toolbar');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={onReload} aria-label={t('reload')} title={t('reload')}>
        <RefreshCw size={16} aria-hidden className={reloading ? 'animate-spin' : undefined} />
      </Button>
      <Button variant="secondary" onClick={onExport} disabled={exporting} aria-label={t('export')} title={t('export')}>
        <Download size={16} aria-hidden />
      </Button>
      <Button variant="secondary" onClick={onImport} aria-label={t('import')} title={t('import')}>
        <Upload size={16} aria-hidden />
      </Button>
      <label className="relative flex min-w-56 flex-1 items-center sm:max-w-96">
        <span className="sr-only">{t('filter')}</span>
        <Search size={16} aria-hidden className="pointer-events-none absolute left-3 text-slate-400" />
        <input
          type="search"
          className={`${controlClass} w-full border-slate-300 pl-9`}
          placeholder={t('filterPlaceholder')}
          value={filterText}
          onChange={(event) => onFilterChange(event.target.value)}
        />
      </label>
      <div className="ml-auto flex items-center gap-2">
        {/* ACCOUNTING PROVIDER SLOT: the 'fetch from accounting provider' button goes here (feature 5). */}
        {accountingAction}
        <Button onClick={onAdd}>
          <Plus size={16} aria-hidden />
          {t('add')}
        </Button>
      </div>
    </div>
  );
}
