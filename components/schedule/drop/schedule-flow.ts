import type { ScheduleConfirmation, ScheduleWarning } from '@/lib/contract/schedule-board';
import { acceptedAfter, confirmationOf, type ScheduleProblem } from './schedule-problems';

/** One attempt of the write with the confirmations given so far: the saved task, or what went wrong. */
export type ScheduleAttempt<T> = { ok: true; task: T } | { ok: false; problem: ScheduleProblem | null };

export type ScheduleFlowResult<T> =
  | { kind: 'saved'; task: T }
  | { kind: 'cancelled' }
  /** The write failed; null when there was no answer (api() already told the user). */
  | { kind: 'problem'; problem: ScheduleProblem | null };

/** Each round accepts at least one more of the four confirmations, so more rounds mean the server keeps asking. */
const maxRounds = 5;

/**
 * Sends the write, and while the server asks to confirm warnings, asks the dispatcher about the ones not accepted
 * yet and sends again with everything accepted. Stops at the first cancel, at any other answer, or when the server
 * asks again only for what was already accepted (a refusal then, never an endless loop of dialogs).
 */
export async function confirmUntilSaved<T>(
  send: (confirm: ScheduleConfirmation[]) => Promise<ScheduleAttempt<T>>,
  ask: (warnings: ScheduleWarning[]) => Promise<boolean>,
): Promise<ScheduleFlowResult<T>> {
  let accepted: ScheduleConfirmation[] = [];
  for (let round = 0; round < maxRounds; round++) {
    const attempt = await send(accepted);
    if (attempt.ok) return { kind: 'saved', task: attempt.task };
    const { problem } = attempt;
    if (problem?.kind !== 'confirm') return { kind: 'problem', problem };
    const next = acceptedAfter(accepted, problem.warnings);
    if (next === null) break;
    const fresh = problem.warnings.filter((warning) => !accepted.includes(confirmationOf(warning)));
    if (!(await ask(fresh))) return { kind: 'cancelled' };
    accepted = next;
  }
  return { kind: 'problem', problem: { kind: 'invalid' } };
}
