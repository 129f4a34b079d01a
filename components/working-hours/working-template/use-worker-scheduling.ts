'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError, api } from '@/lib/client/api';
import { workingHoursKeys } from '@/lib/client/query-keys';
import { issuesByField, schedulingProblems, type SchedulingProblem } from '@/lib/client/scheduling-problems';
import { problem } from '@/lib/contract/errors';
import { codedParse } from '@/lib/contract/problems';
import { limitMessages, WorkerScheduling, type StartLocation, type TenantSettingsView } from '@/lib/contract/tenant-settings';

/** What the form holds: the limit as typed, so a wrong entry can be shown and named rather than lost. */
export interface SchedulingDraft {
  startLocation: StartLocation | null;
  limit: string;
}

const draftOf = (scheduling: WorkerScheduling): SchedulingDraft => ({
  startLocation: scheduling.startLocation,
  limit: scheduling.maxTasksPerDay === null ? '' : String(scheduling.maxTasksPerDay),
});

const sameDraft = (a: SchedulingDraft, b: SchedulingDraft) =>
  a.limit.trim() === b.limit.trim() &&
  a.startLocation?.address === b.startLocation?.address &&
  a.startLocation?.latitude === b.startLocation?.latitude &&
  a.startLocation?.longitude === b.startLocation?.longitude;

/** Empty is no limit; anything else goes to the contract as a number, which names what is wrong with it. */
const limitOf = (typed: string): number | null => (typed.trim() === '' ? null : Number(typed.trim()));

export type SchedulingState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; draft: SchedulingDraft; office: StartLocation | null | undefined };

interface SchedulingRead {
  scheduling: WorkerScheduling;
  office: StartLocation | null | undefined;
}

async function readScheduling(workerId: number): Promise<SchedulingRead> {
  const [scheduling, office] = await Promise.all([
    api<WorkerScheduling>(`users/${workerId}/scheduling`),
    // The office is only shown as the fallback: without it the section still works.
    api<TenantSettingsView>('settings').then(
      (settings) => settings.officeLocation,
      () => undefined,
    ),
  ]);
  return { scheduling, office };
}

/**
 * One worker's start location and tasks-per-day limit in the assign drawer: read on open with the office location
 * (shown when the worker has no start of their own), checked with the contract's schema, saved with PUT
 * users/{id}/scheduling. save() answers whether the drawer may go on and close.
 */
export function useWorkerScheduling(workerId: number) {
  const t = useTranslations('workerScheduling');
  const queryClient = useQueryClient();
  // The drawer is mounted per opening: kept only while it is open and never read again meanwhile, so the saved
  // values the draft is compared with are the ones it started from.
  const read = useQuery({
    queryKey: workingHoursKeys.scheduling(workerId),
    queryFn: () => readScheduling(workerId),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  // Null until the user edits: the draft is then what was read.
  const [edited, setEdited] = useState<SchedulingDraft | null>(null);
  const [problems, setProblems] = useState<Record<string, SchedulingProblem>>({});

  const saved = read.data ? draftOf(read.data.scheduling) : null;
  const state: SchedulingState = read.data
    ? { kind: 'ready', draft: edited ?? draftOf(read.data.scheduling), office: read.data.office }
    : read.isError
      ? { kind: 'failed' }
      : { kind: 'loading' };
  const changed = state.kind === 'ready' && saved !== null && !sameDraft(state.draft, saved);

  const setDraft = (draft: SchedulingDraft) => {
    if (state.kind !== 'ready') return;
    setEdited(draft);
    setProblems({});
  };

  const save = async (): Promise<boolean> => {
    if (state.kind !== 'ready' || !changed) return true;
    const limit = limitOf(state.draft.limit);
    if (Number.isNaN(limit)) {
      // Typed text that is no number at all: the contract would only see NaN, not a number of the wrong kind.
      setProblems({ maxTasksPerDay: problem('scheduling.limitWhole', limitMessages.whole) });
      return false;
    }
    const checked = WorkerScheduling.safeParse({ startLocation: state.draft.startLocation, maxTasksPerDay: limit }, codedParse);
    if (!checked.success) {
      setProblems(schedulingProblems(issuesByField(checked.error)));
      return false;
    }
    try {
      const answer = await api<WorkerScheduling>(`users/${workerId}/scheduling`, { method: 'PUT', json: checked.data, quietStatuses: [400] });
      queryClient.setQueryData<SchedulingRead>(workingHoursKeys.scheduling(workerId), (previous) =>
        previous ? { ...previous, scheduling: answer } : previous,
      );
      setEdited(null);
      toast.success(t('saved'));
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.fields) setProblems(schedulingProblems(error.fields));
      toast.error(t('failed'));
      return false;
    }
  };

  return { state, setDraft, problems, changed, save };
}
