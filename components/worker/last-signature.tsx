'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiBase } from '@/lib/client/api';
import { formatInstant } from '@/lib/client/format-date-time';
import { workerKeys } from '@/lib/client/query-keys';
import type { QueueItem } from '@/lib/client/worker/queue';
import type { TaskSignatureView } from '@/lib/contract/task-files';
import { useWorkerClock } from './worker-clock';

type Shown = { src: string; takenAt: string };

/**
 * The task's newest signature: the server's (read again whenever the task's queue shrinks, so a synced signature
 * replaces the drawn copy), or the one still waiting on this phone, which is newer than anything the server has.
 */
function useLastSignature(taskId: number, queue: readonly QueueItem[], online: boolean): Shown | null {
  const [local, setLocal] = useState<(Shown & { key: string }) | null>(null);
  const queuedForTask = queue.filter((item) => item.taskId === taskId).length;
  const waiting = queue.findLast((item) => item.taskId === taskId && item.kind === 'signature');

  // A failed read (or none, offline) keeps what was shown; the phone shows no notice for it.
  const { data: stored = null } = useQuery({
    queryKey: workerKeys.signature(taskId, queuedForTask),
    queryFn: async (): Promise<Shown | null> => {
      const response = await fetch(`${apiBase}tasks/${taskId}/signature`, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(String(response.status));
      const [newest] = (await response.json()) as TaskSignatureView[];
      return newest ? { src: `${apiBase}tasks/${taskId}/signature/${newest.id}`, takenAt: newest.uploadedDate } : null;
    },
    enabled: online,
    placeholderData: keepPreviousData,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    if (waiting?.kind !== 'signature') return;
    // A data URL, read in a callback: nothing to revoke when the item leaves the queue.
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setLocal({ key: waiting.key, src: reader.result, takenAt: waiting.madeAt });
    };
    reader.readAsDataURL(waiting.file);
    return () => reader.abort();
  }, [waiting]);

  // The drawn copy only while its item waits: once sent, the server's list has it.
  return local && local.key === waiting?.key ? local : stored;
}

/** The last signature with when it was taken, above the pad, so a reopened task shows it was signed. */
export function LastSignature({ taskId, queue, online }: { taskId: number; queue: readonly QueueItem[]; online: boolean }) {
  const t = useTranslations('worker.signature');
  const clock = useWorkerClock();
  const last = useLastSignature(taskId, queue, online);
  if (!last) return null;
  return (
    <figure className="flex flex-col gap-1">
      <Image
        src={last.src}
        alt={t('last')}
        width={320}
        height={160}
        unoptimized
        className="h-auto max-h-40 w-full rounded border border-slate-200 bg-white object-contain"
      />
      <figcaption className="text-xs text-slate-600">{t('takenAt', { time: formatInstant(last.takenAt, clock) })}</figcaption>
    </figure>
  );
}
