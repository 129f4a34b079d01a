'use client';

import { Paperclip, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { filesProblem } from '@/lib/client/task-form/files';

/** New tasks only: PDF and CSV files sent with the task in its multipart POST. */
export function FileField({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const t = useTranslations('taskDrawer');
  const problem = filesProblem(files);
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      <span className="font-medium">{t('fields.files')}</span>
      <label className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border border-dashed border-slate-400 px-3 py-2 hover:bg-slate-50">
        <Paperclip size={16} aria-hidden />
        {t('chooseFiles')}
        <input
          type="file"
          multiple
          accept=".pdf,.csv,application/pdf,text/csv"
          className="sr-only"
          onChange={(event) => {
            onChange([...files, ...Array.from(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </label>
      {files.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center justify-between rounded bg-slate-50 px-2 py-1">
              <span className="truncate">{file.name}</span>
              <button
                type="button"
                aria-label={t('removeFile', { name: file.name })}
                className="rounded p-1 text-slate-500 hover:bg-slate-200"
                onClick={() => onChange(files.filter((_, position) => position !== index))}
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <span role="alert" className="text-xs text-red-600">
          {t(problem)}
        </span>
      ) : null}
    </div>
  );
}
