'use client';

import { Download, Eye, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { formatInstant } from '@/lib/client/task-history/log-format';
import { useClock } from '@/lib/client/use-clock';
import type { TaskFileView } from '@/lib/contract/task-files';
import { taskFileUrl } from './file-urls';
import { imageAccept } from './upload-form';

const iconClass = 'inline-flex rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900';

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" aria-label={label} title={label} className={iconClass} onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * The task's attachments: name, description (cut short, whole in its title), upload date as the user reads dates,
 * uploader, and the actions. A read-only task (cancelled) keeps only preview and download.
 */
export function FileTable({
  files,
  readOnly,
  onPreview,
  onReplace,
  onEdit,
  onDelete,
}: {
  files: TaskFileView[];
  readOnly: boolean;
  onPreview: (file: TaskFileView) => void;
  onReplace: (file: TaskFileView, replacement: File) => void;
  onEdit: (file: TaskFileView) => void;
  onDelete: (file: TaskFileView) => void;
}) {
  const t = useTranslations('taskFiles');
  const clock = useClock();
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<TaskFileView | null>(null);

  if (files.length === 0) return <p className="text-sm text-slate-500">{t('empty')}</p>;
  return (
    <>
      <table className="w-full table-fixed border-collapse text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-semibold text-slate-600">
            <th scope="col" className="w-[28%] py-2 pr-2">{t('columns.filename')}</th>
            <th scope="col" className="w-[24%] py-2 pr-2">{t('columns.description')}</th>
            <th scope="col" className="w-[20%] py-2 pr-2">{t('columns.uploaded')}</th>
            <th scope="col" className="py-2 pr-2">{t('columns.uploader')}</th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.id} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-2">
                <span className="block truncate font-medium text-slate-900" title={file.filename}>
                  {file.filename}
                </span>
                <div className="mt-1 flex flex-wrap gap-0.5">
                  <IconButton label={t('previewFile', { name: file.filename })} onClick={() => onPreview(file)}>
                    <Eye size={15} aria-hidden />
                  </IconButton>
                  <a
                    href={taskFileUrl(file.taskId, file.id, true)}
                    download={file.filename}
                    aria-label={t('downloadFile', { name: file.filename })}
                    title={t('downloadFile', { name: file.filename })}
                    className={iconClass}
                  >
                    <Download size={15} aria-hidden />
                  </a>
                  {readOnly ? null : (
                    <>
                      <IconButton
                        label={t('replaceFile', { name: file.filename })}
                        onClick={() => {
                          setReplacing(file);
                          replaceInput.current?.click();
                        }}
                      >
                        <RefreshCw size={15} aria-hidden />
                      </IconButton>
                      <IconButton label={t('editDescriptionOf', { name: file.filename })} onClick={() => onEdit(file)}>
                        <Pencil size={15} aria-hidden />
                      </IconButton>
                      <IconButton label={t('deleteFile', { name: file.filename })} onClick={() => onDelete(file)}>
                        <Trash2 size={15} aria-hidden />
                      </IconButton>
                    </>
                  )}
                </div>
              </td>
              <td className="py-2 pr-2 text-slate-700">
                <span className="block truncate" title={file.description ?? undefined}>
                  {file.description ?? '—'}
                </span>
              </td>
              <td className="py-2 pr-2 text-slate-700">{formatInstant(file.uploadedDate, clock)}</td>
              <td className="truncate py-2 pr-2 text-slate-700">{file.uploaderName ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <input
        ref={replaceInput}
        type="file"
        accept={imageAccept}
        className="hidden"
        aria-label={t('replacement')}
        data-testid="replace-file-input"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen && replacing) onReplace(replacing, chosen);
          event.target.value = '';
          setReplacing(null);
        }}
      />
    </>
  );
}
