'use client';

import { Download, Eye, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { DataTable } from '@/components/ui/data-table';
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
      <DataTable
        rows={files}
        columns={[
          {
            id: 'filename',
            header: t('columns.filename'),
            headerClassName: 'w-[28%]',
            cell: (file) => (
              <>
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
              </>
            ),
          },
          {
            id: 'description',
            header: t('columns.description'),
            headerClassName: 'w-[24%]',
            className: 'text-slate-700',
            cell: (file) => (
              <span className="block truncate" title={file.description ?? undefined}>
                {file.description ?? '—'}
              </span>
            ),
          },
          { id: 'uploaded', header: t('columns.uploaded'), headerClassName: 'w-[20%]', className: 'text-slate-700', cell: (file) => formatInstant(file.uploadedDate, clock) },
          { id: 'uploader', header: t('columns.uploader'), className: 'truncate text-slate-700', cell: (file) => file.uploaderName ?? '—' },
        ]}
        rowId={(file) => file.id}
        className="w-full table-fixed border-collapse text-sm"
        headRowClassName="border-b border-slate-200 text-left text-xs font-semibold text-slate-600"
        headerCellClassName="py-2 pr-2"
        cellClassName="py-2 pr-2"
        rowClassName="border-b border-slate-100 align-top"
      />
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
