'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { apiBase } from '@/lib/client/api';
import { formatInstant } from '@/lib/client/format-date-time';
import { cacheNotes, readCachedNotes } from '@/lib/client/worker/offline-db';
import type { WorkerData } from '@/lib/client/worker/use-worker-data';
import { noteLimits, type NoteView } from '@/lib/contract/task-notes';
import { useWorkerClock } from './worker-clock';

/** The task's notes: the server's list (its last copy offline) and the worker's notes still waiting to sync. */
export function WorkerNotes({ taskId, data, online }: { taskId: number; data: WorkerData; online: boolean }) {
  const t = useTranslations('worker.notes');
  const clock = useWorkerClock();
  const [notes, setNotes] = useState<NoteView[] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const waiting = data.queue.filter((item) => item.taskId === taskId && item.kind === 'note');
  const { db } = data;
  // Read again whenever this task's queue shrinks: a note just synced is then in the server's list.
  const queued = data.queue.filter((item) => item.taskId === taskId).length;

  useEffect(() => {
    let live = true;
    (async () => {
      const cached = db ? await readCachedNotes(db, taskId).catch(() => null) : null;
      if (live && cached) setNotes((current) => current ?? cached);
      if (!online) return;
      const response = await fetch(`${apiBase}tasks/${taskId}/notes`, { credentials: 'same-origin' }).catch(() => null);
      if (!live || !response?.ok) return;
      const fresh = (await response.json()) as NoteView[];
      setNotes(fresh);
      if (db) await cacheNotes(db, taskId, fresh).catch(() => undefined);
    })();
    return () => {
      live = false;
    };
  }, [db, taskId, online, queued]);

  function add(event: FormEvent) {
    event.preventDefault();
    const note = text.trim();
    if (!note || note.length > noteLimits.textMax) {
      setError(true);
      return;
    }
    setError(false);
    setText('');
    void data.enqueue(taskId, { kind: 'note', note });
  }

  return (
    <section aria-labelledby={`notes-${taskId}`} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id={`notes-${taskId}`} className="text-sm font-semibold">
        {t('title')}
      </h3>
      <ul aria-label={t('list')} className="flex flex-col gap-2">
        {waiting.map((item) =>
          item.kind === 'note' ? (
            <li key={item.key} className="rounded-md bg-sky-50 p-2 text-sm">
              <p className="whitespace-pre-wrap wrap-anywhere">{item.note}</p>
              <p className="text-xs text-sky-800">{t('waiting')}</p>
            </li>
          ) : null,
        )}
        {(notes ?? []).map((note) => (
          <li key={note.id} className="rounded-md bg-slate-50 p-2 text-sm">
            <p className="whitespace-pre-wrap wrap-anywhere">{note.note}</p>
            <p className="text-xs text-slate-500">
              {note.authorName ? `${note.authorName} · ` : ''}
              {formatInstant(note.date, clock)}
            </p>
          </li>
        ))}
      </ul>
      {notes && notes.length === 0 && waiting.length === 0 ? <p className="text-sm text-slate-500">{t('none')}</p> : null}
      <form onSubmit={add} className="flex flex-col gap-2" noValidate>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('newNote')}</span>
          <textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            maxLength={noteLimits.textMax}
            aria-invalid={error}
            className="rounded-md border border-slate-300 p-2 text-base"
          />
        </label>
        {error ? (
          <p role="alert" className="text-xs text-red-600">
            {t('required')}
          </p>
        ) : null}
        <Button type="submit" className="min-h-11">
          {t('add')}
        </Button>
      </form>
    </section>
  );
}
