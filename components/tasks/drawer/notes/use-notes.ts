'use client';

import { useCallback, useEffect, useState } from 'react';
import type { NoteView } from '@/lib/contract/task-notes';
import { fetchNotes } from './note-calls';

/** The task's notes, newest first as the server answers them; `reload` reads them again after a change. */
export function useNotes(taskId: number) {
  const [notes, setNotes] = useState<NoteView[] | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      setNotes(await fetchNotes(taskId));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [taskId]);

  useEffect(() => {
    // The notes are read from the server when the tab opens on a task.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  return { notes, failed, reload };
}
