'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { inSeries } from '@/lib/contract/recurrence';
import type { TaskView } from '@/lib/contract/tasks';

/** Which tasks of a series a change reaches: this one alone, or this one and its following children. */
export type SeriesScope = 'this' | 'following';
type ChoiceKind = 'update' | 'cancel';

/** The calls of each choice: PUT tasks/{id} or its series variant; the cancellation or its series variant. */
export function seriesUpdatePath(taskId: number, scope: SeriesScope): string {
  return scope === 'following' ? `tasks/${taskId}/updateTaskAndTheirChildren` : `tasks/${taskId}`;
}

export function seriesCancelPath(taskId: number, scope: SeriesScope): string {
  return scope === 'following' ? `tasks/${taskId}/cancelTaskAndTheirChildren` : `tasks/${taskId}/cancellation`;
}

/** Spec 01 §2: the choose-preference modal, asked when a task of a series is updated or cancelled. */
function SeriesChoiceModal({
  kind,
  onChoose,
}: {
  kind: ChoiceKind | null;
  onChoose: (scope: SeriesScope | null) => void;
}) {
  const t = useTranslations('taskRecurrence.choice');
  const cancel = kind === 'cancel';
  return (
    <Modal open={kind !== null} onClose={() => onChoose(null)} title={cancel ? t('cancelTitle') : t('updateTitle')} width={460}>
      <p className="text-sm text-slate-700">{cancel ? t('cancelMessage') : t('updateMessage')}</p>
      <div className="mt-4 flex flex-col gap-2">
        <Button onClick={() => onChoose('this')}>{cancel ? t('cancelThis') : t('updateThis')}</Button>
        <Button onClick={() => onChoose('following')}>{cancel ? t('cancelFollowing') : t('updateFollowing')}</Button>
        <Button variant="secondary" onClick={() => onChoose(null)}>
          {t('back')}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Asks which tasks a change reaches when the task belongs to a series; a task outside any series answers 'this'
 * at once. `ask` resolves to null when the user goes back. Render `modal` once beside the caller's content.
 */
export function useSeriesChoice(): { ask: (task: TaskView, kind: ChoiceKind) => Promise<SeriesScope | null>; modal: ReactNode } {
  const [pending, setPending] = useState<{ kind: ChoiceKind; resolve: (scope: SeriesScope | null) => void } | null>(null);
  const ask = useCallback(
    (task: TaskView, kind: ChoiceKind) =>
      inSeries(task) ? new Promise<SeriesScope | null>((resolve) => setPending({ kind, resolve })) : Promise.resolve<SeriesScope>('this'),
    [],
  );
  const modal = (
    <SeriesChoiceModal
      kind={pending?.kind ?? null}
      onChoose={(scope) => {
        pending?.resolve(scope);
        setPending(null);
      }}
    />
  );
  return { ask, modal };
}
