'use client';

import { useLocale, useTranslations } from 'next-intl';
import { createElement, Fragment, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { api, ApiError } from '@/lib/client/api';
import { formatTimeOfDay } from '@/lib/contract/time-of-day';
import { useClock } from '@/lib/client/use-clock';
import { numericDateFormatter } from '@/lib/contract/numeric-date';
import type { BoardTask, ScheduleConfirmation, ScheduleWarning } from '@/lib/contract/schedule-board';
import type { ScheduleBody, TaskView } from '@/lib/contract/tasks';
import { problemNotice, type ScheduleFormats, type ScheduleNotice } from './schedule-messages';
import { confirmUntilSaved, type ScheduleAttempt } from './schedule-flow';
import {
  scheduleProblemOf,
  scheduleQuietStatuses,
  splitWarnings,
  type ScheduleProblem,
  type SkillsWarning,
} from './schedule-problems';
import { SkillsDialog } from './skills-dialog';
import { WarningsDialog } from './warnings-dialog';

export interface ScheduleChange {
  task: BoardTask; // as the board holds it; its `updated` is sent for the stale check (409)
  assigneeId: number;
  start: Date;
  durationMins: number;
  kind: 'drop' | 'move'; // drop: from a panel; move: an event already on the board
}

export type ScheduleOutcome =
  | { kind: 'saved'; task: TaskView }
  | { kind: 'refused' } // a rule refused it; the hook already told the user why
  | { kind: 'cancelled' } // the user cancelled a confirmation / the skills dialog
  | { kind: 'stale'; task: TaskView | null } // 409: changed by someone else; current state (null if gone); message shown
  | { kind: 'failed' }; // other error; message shown

/** The dialog open now: the warnings of one answer, shown one dialog after the other, and who waits for the choice. */
interface Asking {
  others: ScheduleWarning[];
  skills: SkillsWarning | null;
  step: 'others' | 'skills';
  resolve: (accepted: boolean) => void;
}

const scheduleBody = (change: ScheduleChange, confirm: ScheduleConfirmation[]): ScheduleBody => ({
  date: change.start.toISOString(),
  durationMins: change.durationMins,
  assigneeId: change.assigneeId,
  timeSlotId: change.task.timeSlotId,
  updated: change.task.updated,
  ...(confirm.length > 0 ? { confirm } : {}),
});

/**
 * The board's writes of a task's worker and time (PUT/DELETE tasks/{id}/schedule): asks the dispatcher to confirm
 * what the server asks to confirm, explains every refusal in the user's language (by error code; the server's English
 * message is never shown) and reports the outcome so the board can keep or roll back its optimistic move.
 */
export function useScheduleWrite(): {
  schedule(change: ScheduleChange): Promise<ScheduleOutcome>;
  unassign(task: BoardTask): Promise<ScheduleOutcome>;
  dialogs: ReactNode;
} {
  const t = useTranslations('scheduleDrop');
  const language = useLocale();
  const clock = useClock();
  const [asking, setAsking] = useState<Asking | null>(null);
  /** Who waits for the open dialog: a new drop while it is open cancels it (resolving twice does nothing). */
  const waitingRef = useRef<((accepted: boolean) => void) | null>(null);

  const formats = useMemo<ScheduleFormats>(() => {
    const day = numericDateFormatter(language);
    return { day, time: (value) => formatTimeOfDay(value, clock.twentyFourHour) };
  }, [language, clock.twentyFourHour]);

  /** Opens the dialogs for `warnings`; resolves true once every one was accepted, false on the first cancel. */
  const ask = useCallback(
    (warnings: ScheduleWarning[]) =>
      new Promise<boolean>((resolve) => {
        // A new drop while a dialog is open: the earlier one counts as cancelled, its task goes back.
        waitingRef.current?.(false);
        waitingRef.current = resolve;
        const { skills, others } = splitWarnings(warnings);
        setAsking({ others, skills, step: others.length > 0 ? 'others' : 'skills', resolve });
      }),
    [],
  );

  const notify = useCallback((notice: ScheduleNotice | null) => {
    if (!notice) return;
    const options = { id: 'schedule-drop', duration: notice.durationMs };
    if (notice.level === 'warning') toast.warning(notice.text, options);
    else toast.error(notice.text, options);
  }, []);

  /** 409 or 404: the board shows what the task is now (null when it is gone), with a message saying why. */
  const currentState = useCallback(
    async (id: number, problem: ScheduleProblem): Promise<ScheduleOutcome> => {
      if (problem.kind === 'gone') {
        notify(problemNotice(problem, t, formats));
        return { kind: 'stale', task: null };
      }
      try {
        const task = await api<TaskView>(`tasks/${id}`);
        notify(problemNotice(problem, t, formats));
        return { kind: 'stale', task };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          notify(problemNotice({ kind: 'gone' }, t, formats));
          return { kind: 'stale', task: null };
        }
        // api() told the user the read failed; the board keeps what it had before the move.
        return { kind: 'failed' };
      }
    },
    [formats, notify, t],
  );

  /** What a failed write means for the board (a confirmation left unanswered counts as refused). */
  const settle = useCallback(
    async (id: number, problem: ScheduleProblem | null): Promise<ScheduleOutcome> => {
      if (problem === null || problem.kind === 'other') return { kind: 'failed' }; // api() showed the global notice
      if (problem.kind === 'stale' || problem.kind === 'gone') return currentState(id, problem);
      notify(problemNotice(problem.kind === 'confirm' ? { kind: 'invalid' } : problem, t, formats));
      return { kind: 'refused' };
    },
    [currentState, formats, notify, t],
  );

  const schedule = useCallback(
    async (change: ScheduleChange): Promise<ScheduleOutcome> => {
      const send = async (confirm: ScheduleConfirmation[]): Promise<ScheduleAttempt<TaskView>> => {
        try {
          const task = await api<TaskView>(`tasks/${change.task.id}/schedule`, {
            method: 'PUT',
            json: scheduleBody(change, confirm),
            quietStatuses: scheduleQuietStatuses,
          });
          return { ok: true, task };
        } catch (error) {
          return { ok: false, problem: error instanceof ApiError ? scheduleProblemOf(error) : null };
        }
      };
      const result = await confirmUntilSaved(send, ask);
      if (result.kind === 'saved') return { kind: 'saved', task: result.task };
      if (result.kind === 'cancelled') return { kind: 'cancelled' };
      return settle(change.task.id, result.problem);
    },
    [ask, settle],
  );

  const unassign = useCallback(
    async (task: BoardTask): Promise<ScheduleOutcome> => {
      try {
        const saved = await api<TaskView>(`tasks/${task.id}/schedule`, {
          method: 'DELETE',
          json: { updated: task.updated },
          quietStatuses: scheduleQuietStatuses,
        });
        return { kind: 'saved', task: saved };
      } catch (error) {
        return settle(task.id, error instanceof ApiError ? scheduleProblemOf(error) : null);
      }
    },
    [settle],
  );

  const finish = (accepted: boolean) => {
    if (!asking) return;
    setAsking(null);
    asking.resolve(accepted);
  };
  const proceed = () => {
    if (asking?.step === 'others' && asking.skills) setAsking({ ...asking, step: 'skills' });
    else finish(true);
  };

  const dialogs = createElement(
    Fragment,
    null,
    createElement(WarningsDialog, {
      warnings: asking?.step === 'others' ? asking.others : [],
      formats,
      onProceed: proceed,
      onCancel: () => finish(false),
    }),
    createElement(SkillsDialog, {
      warning: asking?.step === 'skills' ? asking.skills : null,
      onProceed: proceed,
      onCancel: () => finish(false),
    }),
  );

  return { schedule, unassign, dialogs };
}
