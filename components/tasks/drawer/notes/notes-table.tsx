'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { ClockPreferences } from '@/lib/client/task-history/log-format';
import { noteLimits, type NoteView } from '@/lib/contract/task-notes';
import { NoteRow } from './note-row';

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
  if (notes.length === 0) return <p className="text-sm text-slate-500">{t('empty')}</p>;
  const pages = pageCount(notes);
  const current = Math.min(page, pages);
  const shown = notes.slice((current - 1) * noteLimits.pageSize, current * noteLimits.pageSize);
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full table-fixed text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase text-slate-500">
            <th scope="col" className="py-2 pr-2 font-medium">{t('columns.note')}</th>
            <th scope="col" className="w-32 py-2 pr-2 font-medium">{t('columns.authorDate')}</th>
            {readOnly ? null : (
              <th scope="col" className="w-16 py-2 font-medium">
                <span className="sr-only">{t('columns.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {shown.map((note) => (
            <NoteRow
              key={note.id}
              note={note}
              readOnly={readOnly}
              clock={clock}
              onSave={(text) => onSave(note, text)}
              onDelete={() => onDelete(note)}
            />
          ))}
        </tbody>
      </table>
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
