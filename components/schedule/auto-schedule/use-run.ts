'use client';

import { useCallback, useState } from 'react';
import { api } from '@/lib/client/api';
import type { AutoScheduleResult, AutoScheduleUndoResult } from '@/lib/contract/auto-schedule';
import { applyProblemOf, undoProblemOf, type ApplyProblem, type UndoProblem } from './modal-rules';

export type UndoState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; restoredCount: number }
  | { kind: 'failed'; problem: UndoProblem };

export type RunState =
  /** Choosing the date; `problem` is why the last Confirm was refused. */
  | { phase: 'choose'; problem: ApplyProblem | null }
  | { phase: 'running'; date: string }
  | { phase: 'result'; result: AutoScheduleResult; undo: UndoState };

/**
 * PUT tasks/auto-schedule and POST tasks/auto-schedule/{id}/undo. `onChanged` runs after each one that changed
 * tasks, so the board reads its range again at once (the live stream brings the same changes, a little later).
 */
export function useRun(onChanged: () => void) {
  const [state, setState] = useState<RunState>({ phase: 'choose', problem: null });

  const apply = useCallback(
    async (date: string): Promise<ApplyProblem | null> => {
      setState({ phase: 'running', date });
      try {
        const result = await api<AutoScheduleResult>(`tasks/auto-schedule?${new URLSearchParams({ currentDate: date })}`, {
          method: 'PUT',
          quietStatuses: [400],
        });
        setState({ phase: 'result', result, undo: { kind: 'idle' } });
        if (result.placedCount > 0) onChanged();
        return null;
      } catch (error) {
        const problem = applyProblemOf(error);
        setState({ phase: 'choose', problem });
        return problem;
      }
    },
    [onChanged],
  );

  const undo = useCallback(
    async (result: AutoScheduleResult) => {
      if (result.runId === null) return;
      setState({ phase: 'result', result, undo: { kind: 'running' } });
      try {
        const answer = await api<AutoScheduleUndoResult>(`tasks/auto-schedule/${result.runId}/undo`, { method: 'POST' });
        setState({ phase: 'result', result, undo: { kind: 'done', restoredCount: answer.restoredCount } });
        onChanged();
      } catch (error) {
        setState({ phase: 'result', result, undo: { kind: 'failed', problem: undoProblemOf(error) } });
      }
    },
    [onChanged],
  );

  const clearProblem = useCallback(() => setState({ phase: 'choose', problem: null }), []);

  return { state, apply, undo, clearProblem };
}
