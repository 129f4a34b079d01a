'use client';

import { Pencil, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { formatInstant, type ClockPreferences } from '@/lib/client/task-history/log-format';
import { noteLimits, type NoteView } from '@/lib/contract/task-notes';
import { NoteEditor } from './note-editor';

const iconButton = 'rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900';

export const pageCount = (notes: readonly NoteView[]) => Math.max(1, Math.ceil(notes.length / noteLimits.pageSize));

/** The notes, five a page, newest first (spec 01 §9), with a pager when there is more than one page. */
export function NotesTable({
  notes,
  page,
  onPage,
  readOnly,
  clock,
  onSave,
  onDelete,
}: {
  notes: readonly NoteView[];
  page: number;
  onPage: (page: number) => void;
  readOnly: boolean;
  clock: ClockPreferences;
  onSave: (note: NoteView, text: string) => Promise<boolean>;
  onDelete: (note: NoteView) => void;
}) {
  const t = useTranslations('taskNotes');
  // The notes open in their editors; another page closes them, as leaving a row behind always did.
  const [editing, setEditing] = useState<{ page: number; ids: ReadonlySet<number> }>({ page, ids: new Set() });
  const pages = pageCount(notes);
  const current = Math.min(page, pages);
  const open = editing.page === current ? editing.ids : new Set<number>();
  const setOpen = (noteId: number, on: boolean) => {
    const ids = new Set(open);
    if (on) ids.add(noteId);
    else ids.delete(noteId);
    setEditing({ page: current, ids });
  };
  if (notes.length === 0) return <p className="text-sm text-slate-500">{t('empty')}</p>;
  const shown = notes.slice((current - 1) * noteLimits.pageSize, current * noteLimits.pageSize);
  const columns: DataColumn<NoteView>[] = [
    {
      id: 'note',
      header: t('columns.note'),
      headerClassName: 'pr-2',
      className: 'pr-2',
      cell: (note) =>
        open.has(note.id) ? (
          <NoteEditor note={note} onSave={(text) => onSave(note, text)} onClose={() => setOpen(note.id, false)} />
        ) : (
          <p className="whitespace-pre-wrap wrap-anywhere text-slate-900">{note.note}</p>
        ),
    },
    {
      id: 'authorDate',
      header: t('columns.authorDate'),
      headerClassName: 'w-32 pr-2',
      className: 'pr-2 text-slate-700',
      cell: (note) => (
        <>
          <span className="block wrap-anywhere">{note.authorName ?? t('unknownAuthor')}</span>
          <time dateTime={note.date} className="block text-xs whitespace-nowrap text-slate-500">
            {formatInstant(note.date, clock)}
          </time>
          {note.edited ? <span className="block text-xs text-slate-500">{t('editedMark')}</span> : null}
        </>
      ),
    },
  ];
  if (!readOnly) {
    columns.push({
      id: 'actions',
      header: <span className="sr-only">{t('columns.actions')}</span>,
      headerClassName: 'w-16',
      className: 'whitespace-nowrap',
      cell: (note) => (
        <>
          <button type="button" className={iconButton} aria-label={t('edit')} title={t('edit')} disabled={open.has(note.id)} onClick={() => setOpen(note.id, true)}>
            <Pencil size={16} aria-hidden />
          </button>
          <button type="button" className={iconButton} aria-label={t('delete')} title={t('delete')} onClick={() => onDelete(note)}>
            <Trash2 size={16} aria-hidden />
          </button>
        </>
      ),
    });
  }
  return (
    <div className="flex flex-col gap-2">
      <DataTable
        rows={shown}
        columns={columns}
        rowId={(note) => note.id}
        className="w-full table-fixed text-left text-sm"
        headRowClassName="border-b border-slate-200 text-xs uppercase text-slate-500"
        headerCellClassName="py-2 font-medium"
        cellClassName="py-2"
        rowClassName="border-b border-slate-100 align-top last:border-0"
      />
      {pages > 1 ? (
        <nav aria-label={t('pager')} className="flex items-center justify-end gap-2 text-sm text-slate-700">
          <Button variant="secondary" className="px-3 py-1" disabled={current <= 1} onClick={() => onPage(current - 1)}>
            {t('previous')}
          </Button>
          <span>{t('page', { page: current, pages })}</span>
          <Button variant="secondary" className="px-3 py-1" disabled={current >= pages} onClick={() => onPage(current + 1)}>
            {t('next')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
