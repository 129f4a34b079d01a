'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { noteLimits, type NoteView } from '@/lib/contract/task-notes';

/** A note edited in place; the edit needs text that is not blank ('Please Input Note!'). */
export function NoteEditor({
  note,
  onSave,
  onClose,
}: {
  note: NoteView;
  onSave: (text: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const t = useTranslations('taskNotes');
  const errorId = useId();
  const [draft, setDraft] = useState(note.note);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (busy) return;
    if (draft.trim() === '') {
      setError(t('required', { title: t('title') }));
      return;
    }
    setBusy(true);
    const saved = await onSave(draft.trim());
    setBusy(false);
    if (saved) onClose();
  };

  return (
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
        <Button variant="secondary" className="px-3 py-1" onClick={onClose}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}
