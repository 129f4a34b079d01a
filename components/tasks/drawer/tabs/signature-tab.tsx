'use client';

import { useTranslations } from 'next-intl';
import { api } from '@/lib/client/api';
import { formatInstant } from '@/lib/client/task-history/log-format';
import { useClock } from '@/lib/client/use-clock';
import type { TaskSignatureView } from '@/lib/contract/task-files';
import { signatureUrl } from '../attachments/file-urls';
import type { TaskTabProps } from './tab-props';
import { useTaskResource } from './use-task-resource';

const fetchSignatures = (taskId: number) => api<TaskSignatureView[]>(`tasks/${taskId}/signature`);

/** Spec 01 §2 tab 4: the task's last signature as an image with its date, or a line saying there is none. */
export function SignatureTab({ task }: TaskTabProps) {
  const t = useTranslations('taskFiles.signature');
  const clock = useClock();
  // Newest first; read again whenever the task's `updated` moves (a signature added elsewhere shows up).
  const { data: signatures, failed } = useTaskResource('signatures', fetchSignatures, task.id, task.updated);

  if (failed) return <p role="alert" className="text-sm text-red-600">{t('loadFailed')}</p>;
  if (!signatures) return <p className="text-sm text-slate-500">{t('loading')}</p>;
  const [last] = signatures;
  if (!last) return <p className="text-sm text-slate-600">{t('none')}</p>;
  const date = formatInstant(last.uploadedDate, clock);
  return (
    <figure className="flex flex-col items-start gap-2">
      {/* eslint-disable-next-line @next/next/no-img-element -- an authorised API response, not a static asset */}
      <img
        src={signatureUrl(task.id, last.id)}
        alt={t('alt')}
        className="max-h-64 max-w-full rounded border border-slate-200 bg-white"
      />
      <figcaption className="text-sm text-slate-600">
        {last.uploaderName ? t('signedBy', { date, name: last.uploaderName }) : t('signedOn', { date })}
      </figcaption>
    </figure>
  );
}
