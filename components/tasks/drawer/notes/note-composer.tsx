'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { noteLimits } from '@/lib/contract/task-notes';

/** The new note's text and its Add button; blank text is never sent (spec 01 §5). */
export function NoteComposer({ onAdd }: { onAdd: (text: string) => Promise<boolean> }) {
  const t = useTranslations('taskNotes');
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const blank = text.trim() === '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (blank || busy) return;
    setBusy(true);
    const added = await onAdd(text.trim());
    setBusy(false);
    if (added) setText('');
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('newNote')}
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={noteLimits.textMax}
        rows={3}
        placeholder={t('placeholder')}
        onChange={(event) => setText(event.target.value)}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 outline-none focus:ring-2 focus:ring-brand/40"
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={blank || busy}>
          {busy ? t('adding') : t('add')}
        </Button>
      </div>
    </form>
  );
}
