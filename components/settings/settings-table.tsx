'use client';

import { Plus, RefreshCw } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { selectClass } from '@/components/ui/field';
import { Pager, type PageState } from '@/components/ui/pager';

export const settingsPageSizes = [10, 20, 50, 100] as const;

/** A row that is out of play (a deactivated user, like a cancelled record): greyed and struck through, still openable. */
export const cancelledRowClass = 'bg-slate-50 opacity-60 line-through';

/**
 * A column of a settings table. `filterValue` is the text the filter box searches (leave it out for columns such as
 * switches or pictures); `sortValue` orders the column (absent: not sortable).
 */
export interface SettingsColumn<Row> extends DataColumn<Row> {
  filterValue?: (row: Row) => string;
}

export interface SettingsTableProps<Row> {
  /** The table's accessible name, usually the screen's title. */
  label: string;
  rows: readonly Row[] | null;
  columns: readonly SettingsColumn<Row>[];
  rowId: (row: Row) => number | string;
  /** The spec opens cancellation reasons and API keys on one click, the other settings on a double click. */
  openOn: 'click' | 'doubleClick';
  onOpen: (row: Row) => void;
  onRefresh: () => void;
  /** Absent: no add button (a screen whose rows cannot be created). */
  onAdd?: () => void;
  addLabel?: string;
  /** Extra classes per row, e.g. deactivated users styled like cancelled rows. */
  rowClassName?: (row: Row) => string;
  /** Controls shown beside the add button (an Actions menu, say). */
  toolbar?: ReactNode;
  emptyText?: string;
}

const normalised = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The one table of the settings screens (spec 03 §2.5): a filter box, refresh and add, sortable headers, and pages
 * with a size changer and a quick jumper. Rows open their drawer on a click or a double click, or with Enter.
 */
export function SettingsTable<Row>({
  label,
  rows,
  columns,
  rowId,
  openOn,
  onOpen,
  onRefresh,
  onAdd,
  addLabel,
  rowClassName,
  toolbar,
  emptyText,
}: SettingsTableProps<Row>) {
  const t = useTranslations('settingsTable');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState<PageState>({ pageIndex: 0, pageSize: settingsPageSizes[0] });

  const filtered = useMemo(() => {
    const wanted = normalised(filter.trim());
    return (rows ?? []).filter((row) => normalised(columns.map((column) => column.filterValue?.(row) ?? '').join(' ')).includes(wanted));
  }, [rows, columns, filter]);
  const filteredCount = filtered.length;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          className={`${selectClass} max-w-xs flex-1`}
          placeholder={t('filter')}
          aria-label={t('filter')}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage((current) => ({ ...current, pageIndex: 0 }));
          }}
        />
        <Button variant="secondary" onClick={onRefresh} aria-label={t('refresh')} title={t('refresh')}>
          <RefreshCw size={16} aria-hidden />
        </Button>
        <div className="flex-1" />
        {toolbar}
        {onAdd ? (
          <Button onClick={onAdd}>
            <Plus size={16} aria-hidden />
            {addLabel ?? t('add')}
          </Button>
        ) : null}
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <DataTable
          label={label}
          rows={filtered}
          columns={columns}
          rowId={rowId}
          busy={rows === null}
          sortLabel={t('sort')}
          page={page}
          openOn={openOn}
          onOpen={onOpen}
          openWithEnter
          className="w-full text-left text-sm"
          headClassName="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase"
          headerCellClassName="px-3 py-2 font-medium whitespace-nowrap"
          cellClassName="px-3 py-2 align-middle text-slate-800"
          rowClassName={(row) => `cursor-pointer border-t border-slate-100 select-none hover:bg-slate-50 focus:bg-slate-50 focus:outline-none ${rowClassName?.(row) ?? ''}`}
          emptyText={rows === null ? t('loading') : filter.trim() !== '' ? t('noMatch') : (emptyText ?? t('empty'))}
        />
      </div>
      <Pager page={page} total={filteredCount} onChange={setPage} namespace="settingsTable.pager" sizes={settingsPageSizes} />
    </div>
  );
}
