'use client';

import { Camera } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { imageProblem, taskFileUrl, type ImageProblem } from '@/components/tasks/drawer/attachments/file-urls';
import { apiBase } from '@/lib/client/api';
import { workerKeys } from '@/lib/client/query-keys';
import type { WorkerData } from '@/lib/client/worker/use-worker-data';
import type { TaskFileView } from '@/lib/contract/task-files';
import { touchTarget } from './touch';

/** Photos from the camera, checked against the attachment rules (images under 10 MB) and sent through the queue. */
export function WorkerPhotos({ taskId, data, online }: { taskId: number; data: WorkerData; online: boolean }) {
  const t = useTranslations('worker.photos');
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const waiting = data.queue.filter((item) => item.taskId === taskId && item.kind === 'photo').length;
  // Read again as the waiting photos go out; a failed read (or none, offline) keeps what was shown.
  const { data: files = [] } = useQuery({
    queryKey: workerKeys.files(taskId, waiting),
    queryFn: async () => {
      const response = await fetch(`${apiBase}tasks/${taskId}/files`, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(String(response.status));
      return (await response.json()) as TaskFileView[];
    },
    enabled: online,
    placeholderData: keepPreviousData,
    gcTime: 0,
    retry: false,
  });

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // A camera shot may come without a usual name; the server checks the bytes, the name only needs an image extension.
    const filename = /\.[a-z]+$/i.test(file.name) ? file.name : `photo-${Date.now()}.jpg`;
    const found = imageProblem({ name: filename, size: file.size });
    setProblem(found);
    if (found) return;
    void data.enqueue(taskId, { kind: 'photo', file, filename });
  }

  return (
    <section aria-labelledby={`photos-${taskId}`} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id={`photos-${taskId}`} className="text-sm font-semibold">
        {t('title')}
      </h3>
      {files.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2">
          {files.map((file) => (
            <li key={file.id}>
              {/* eslint-disable-next-line @next/next/no-img-element -- an authorised API response, not a static asset */}
              <img src={taskFileUrl(taskId, file.id)} alt={file.description ?? file.filename} className="aspect-square w-full rounded object-cover" />
            </li>
          ))}
        </ul>
      ) : null}
      {waiting > 0 ? <p className="text-sm text-sky-800">{t('waiting', { count: waiting })}</p> : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {t(problem)}
        </p>
      ) : null}
      <input ref={input} type="file" accept="image/*" capture="environment" className="hidden" onChange={chosen} />
      <button type="button" onClick={() => input.current?.click()} className={`${touchTarget} gap-2 border border-slate-300 px-4 text-sm font-medium`}>
        <Camera size={18} aria-hidden /> {t('take')}
      </button>
    </section>
  );
}
