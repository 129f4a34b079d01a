'use client';

import { Upload } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { imageExtensions, taskFileLimits } from '@/lib/contract/task-files';
import { imageProblem } from './file-urls';
import { refusalOf, type RefusalKey } from './use-task-files';

export const imageAccept = imageExtensions.map((extension) => `.${extension}`).join(',');

/** Spec 01 §5: an image under 10MB with an optional description (max 100), checked here before it is sent. */
export function UploadForm({ onUpload }: { onUpload: (file: File, description: string) => Promise<unknown> }) {
  const t = useTranslations('taskFiles');
  const fileInput = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<RefusalKey | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(chosen ? imageProblem(chosen) : null);
  };

  const submit = async () => {
    if (!file || problem) return;
    setBusy(true);
    try {
      await onUpload(file, description);
      toast.success(t('uploaded', { name: file.name }));
      setFile(null);
      setDescription('');
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      setProblem(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="mb-4 flex flex-col gap-2 rounded-md border border-slate-200 p-3 text-sm"
      aria-label={t('uploadForm')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label className="flex flex-col gap-1">
        <span className="font-medium text-slate-700">{t('image')}</span>
        <input
          ref={fileInput}
          type="file"
          accept={imageAccept}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor={descriptionId} className="font-medium text-slate-700">
          {t('description')}
        </label>
        <TextInput
          id={descriptionId}
          value={description}
          maxLength={taskFileLimits.descriptionMax}
          onChange={(event) => setDescription(event.target.value)}
        />
        <span className="self-end text-xs text-slate-500">
          {t('counter', { count: description.length, max: taskFileLimits.descriptionMax })}
        </span>
      </div>
      {problem ? (
        <p role="alert" className="text-xs text-red-600">
          {t(problem)}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={!file || problem !== null || busy}>
        <Upload size={16} aria-hidden />
        {busy ? t('uploading') : t('upload')}
      </Button>
    </form>
  );
}
