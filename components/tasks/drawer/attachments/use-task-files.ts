'use client';

import { useCallback } from 'react';
import { api, ApiError } from '@/lib/client/api';
import { TaskErrorCode } from '@/lib/contract/tasks';
import { TaskFileErrorCode, type TaskFileView } from '@/lib/contract/task-files';
import { useTaskResource } from '../tabs/use-task-resource';

/** What the tab shows when the server refuses a change; the key is a message of the taskFiles namespace. */
export type RefusalKey = 'imageSize' | 'imageType' | 'cancelledReadOnly' | 'notFound' | 'descriptionMax' | 'uploadFailed';

/** The statuses the tab answers itself; others (403, 5xx, no answer) get the global notices of spec 01 §8. */
const handledStatuses = [400, 413, 415, 422];

export function refusalOf(error: unknown): RefusalKey {
  if (!(error instanceof ApiError)) return 'uploadFailed';
  // By status too: a proxy in front of the app may refuse an oversize body with a 413 of its own, not our JSON.
  if (error.code === TaskFileErrorCode.tooLarge || error.status === 413) return 'imageSize';
  if (error.code === TaskFileErrorCode.unsupportedType || error.status === 415) return 'imageType';
  if (error.code === TaskErrorCode.cancelledReadOnly) return 'cancelledReadOnly';
  if (error.status === 404) return 'notFound';
  if (error.fields?.description) return 'descriptionMax';
  return 'uploadFailed';
}

function multipart(file: File, description?: string): FormData {
  const form = new FormData();
  form.append('file', file);
  if (description !== undefined && description.trim() !== '') form.set('description', description);
  return form;
}

const fetchTaskFiles = (taskId: number) => api<TaskFileView[]>(`tasks/${taskId}/files`);

/** The task's attachments and the calls that change them; each change reads the list again. */
export function useTaskFiles(taskId: number, onChanged: () => void) {
  const { data: files, failed, reload } = useTaskResource('files', fetchTaskFiles, taskId);

  const after = useCallback(
    async <T,>(change: Promise<T>): Promise<T> => {
      const result = await change;
      await reload();
      onChanged();
      return result;
    },
    [reload, onChanged],
  );

  return {
    files,
    failed,
    upload: (file: File, description: string) =>
      after(api<TaskFileView>(`tasks/${taskId}/files`, { method: 'POST', body: multipart(file, description), quietStatuses: handledStatuses })),
    replace: (fileId: number, file: File) =>
      after(api<TaskFileView>(`tasks/${taskId}/files/${fileId}`, { method: 'PUT', body: multipart(file), quietStatuses: handledStatuses })),
    describe: (fileId: number, description: string) =>
      after(
        api<TaskFileView>(`tasks/${taskId}/files/${fileId}/description`, {
          method: 'PUT',
          json: { description },
          quietStatuses: handledStatuses,
        }),
      ),
    remove: (fileId: number) =>
      after(api<{ id: number }>(`tasks/${taskId}/files/${fileId}`, { method: 'DELETE', quietStatuses: handledStatuses })),
  };
}
