'use client';

import { Pencil, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatInstant, type ClockPreferences } from '@/lib/client/task-history/log-format';
import { noteLimits, type NoteView } from '@/lib/contract/task-notes';

const iconButton = 'rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900';

/** One note of the table, edited in place; the edit needs text that is not blank ('Please Input Note!'). */
export function NoteRow({
  note,
  readOnly,
  clock,
  onSave,
  onDelete,
}: {
  note: NoteView;
  readOnly: boolean;
  clock: ClockPreferences;
  onSave: (text: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const t = useTranslations('taskNotes');
  const errorId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const startEditing = () => {
    setDraft(note.note);
    setError(null);
  };
  const stopEditing = () => {
    setDraft(null);
    setError(null);
  };
  const save = async () => {
    if (draft === null || busy) return;
    if (draft.trim() === '') {
      setError(t('required', { title: t('title') }));
      return;
    }
    setBusy(true);
    const saved = await onSave(draft.trim());
    setBusy(false);
    if (saved) stopEditing();
  };

  return (
    <tr className="border-b border-slate-100 align-top last:border-0">
      <td className="py-2 pr-2">
        {draft === null ? (
          <p className="whitespace-pre-wrap wrap-anywhere text-slate-900">{note.note}</p>
        ) : (
          <div className="flex flex-col gap-2">
            <textarea
              aria-label={t('noteText')}
              aria-invalid={error !== null || undefined}
              aria-describedby={error ? errorId : undefined}
              value={draft}
              maxLength={noteLimits.textMax}
              rows={3}
              autoFocus
              onChange={(event) => {
                setDraft(event.target.value);
                if (event.target.value.trim() !== '') setError(null);
              }}
              className={`w-full rounded-md border px-2 py-1 text-sm text-slate-900 outline-none focus:ring-2 focus:ring-brand/40 ${
                error ? 'border-red-500' : 'border-slate-300'
              }`}
            />
            {error ? (
              <span id={errorId} role="alert" className="text-xs text-red-600">
                {error}
              </span>
            ) : null}
            <div className="flex gap-2">
              <Button className="px-3 py-1" disabled={busy} onClick={() => void save()}>
                {busy ? t('saving') : t('save')}
              </Button>
              <Button variant="secondary" className="px-3 py-1" onClick={stopEditing}>
                {t('cancel')}
              </Button>
            </div>
          </div>
        )}
      </td>
      <td className="py-2 pr-2 text-slate-700">
        <span className="block wrap-anywhere">{note.authorName ?? t('unknownAuthor')}</span>
        <time dateTime={note.date} className="block text-xs whitespace-nowrap text-slate-500">
          {formatInstant(note.date, clock)}
        </time>
        {note.edited ? <span className="block text-xs text-slate-500">{t('editedMark')}</span> : null}
      </td>
      {readOnly ? null : (
        <td className="py-2 whitespace-nowrap">
          <button type="button" className={iconButton} aria-label={t('edit')} title={t('edit')} disabled={draft !== null} onClick={startEditing}>
            <Pencil size={16} aria-hidden />
          </button>
          <button type="button" className={iconButton} aria-label={t('delete')} title={t('delete')} onClick={onDelete}>
            <Trash2 size={16} aria-hidden />
          </button>
        </td>
      )}
    </tr>
  );
}
