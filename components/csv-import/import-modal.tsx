'use client';

import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { useErrorText } from '@/lib/client/error-text';
import { localFileProblem, uploadCsv, type CsvImportKind, type ImportOutcome, type ImportProgress } from '@/lib/client/csv-import';
import { taskImportLimits } from '@/lib/contract/task-import';
import { ImportProgressBar, ImportResultView } from './import-result';
import { useImportText } from './use-import-text';

type ToastKey = 'success' | 'partial' | 'invalid' | 'failed' | 'interrupted' | 'checked' | 'checkedWithErrors';

/** The toasts of spec 01 §8 for an import; a check only has its own, since it uploads nothing for good. */
function toastOf(outcome: ImportOutcome): { key: ToastKey; level: 'success' | 'warning' | 'error' } {
  if (outcome.kind === 'invalidFile') return { key: 'invalid', level: 'error' };
  if (outcome.kind === 'failed') return { key: 'failed', level: 'error' };
  if (outcome.kind === 'interrupted') return { key: 'interrupted', level: 'error' };
  const { result } = outcome;
  const withErrors = result.invalidCount > 0;
  if (result.validateOnly) return withErrors ? { key: 'checkedWithErrors', level: 'warning' } : { key: 'checked', level: 'success' };
  return withErrors ? { key: 'partial', level: 'warning' } : { key: 'success', level: 'success' };
}

/**
 * The CSV import modal of tasks or clients (`kind`): a file (only .csv, refused here too), the sample file, "Check
 * only" (validateOnly=true) and "Import", a progress bar while the file goes up and its lines are checked and
 * written, then the counts and the line errors. `onImported` follows an import that wrote lines.
 */
export function ImportModal({
  kind,
  open,
  onClose,
  onImported,
}: {
  kind: CsvImportKind;
  open: boolean;
  onClose: () => void;
  onImported?: () => void;
}) {
  const t = useImportText(kind.namespace);
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const running = progress !== null;

  const choose = (chosen: File | null) => {
    setOutcome(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    const problem = localFileProblem(chosen);
    setFileError(problem === 'type' ? t('onlyCsv') : problem === 'size' ? t('tooLarge') : null);
    setFile(problem ? null : chosen);
    if (problem && input.current) input.current.value = '';
  };

  const run = async (validateOnly: boolean) => {
    if (!file) return;
    setOutcome(null);
    setProgress({ phase: 'upload', fraction: 0 });
    const result = await uploadCsv(kind.path, file, validateOnly, setProgress);
    setProgress(null);
    setOutcome(result);
    const imported = result.kind === 'result' ? result.result.importedCount : result.kind === 'failed' ? result.importedCount : 0;
    // After a broken-off import some lines may have landed: the list behind the modal is read again either way.
    if (!validateOnly && (imported > 0 || result.kind === 'interrupted')) onImported?.();
    const { key, level } = toastOf(result);
    toast[level](t(`toast.${key}`, { file: file.name }));
  };

  const close = () => {
    if (running) return;
    setFile(null);
    setFileError(null);
    setOutcome(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('title')}
      width={720}
      dismissible={!running}
      footer={
        <DialogActions
          cancelLabel={t('close')}
          onCancel={close}
          cancelDisabled={running}
          extra={
            <Button variant="secondary" onClick={() => void run(true)} disabled={!file || running}>
              {t('checkOnly')}
            </Button>
          }
          confirmLabel={t('import')}
          onConfirm={() => void run(false)}
          confirmDisabled={!file || running}
        />
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t('intro')}</p>
        <p className="text-xs text-slate-500">{t('limits')}</p>
        <a
          href={kind.samplePath}
          download={kind.sampleFileName}
          className="inline-flex items-center gap-2 text-sm font-medium text-brand hover:underline"
        >
          <Download size={16} aria-hidden />
          {t('sample')}
        </a>
        <label className="block text-sm font-medium text-slate-800">
          {t('file')}
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            disabled={running}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            aria-invalid={fileError !== null}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          />
        </label>
        {fileError ? (
          <p role="alert" className="text-sm text-red-600">
            {fileError}
          </p>
        ) : null}
        {progress ? <ImportProgressBar progress={progress} namespace={kind.namespace} /> : null}
        {outcome?.kind === 'invalidFile' && outcome.problems.length > 0 ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">{t('fileProblems')}</p>
            <ul className="mt-1 list-disc pl-5">
              {outcome.problems.map((problem, index) => (
                <li key={index}>{errorText(problem)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {outcome?.kind === 'failed' && outcome.importedCount > 0 ? (
          <p role="alert" className="text-sm text-red-700">
            {t('stoppedNote', { count: outcome.importedCount })}
          </p>
        ) : null}
        {(outcome?.kind === 'failed' || outcome?.kind === 'interrupted') && outcome.importId ? (
          <p className="text-xs text-slate-500">{t('importId', { id: outcome.importId })}</p>
        ) : null}
        {outcome?.kind === 'interrupted' ? (
          <p role="alert" className="text-sm text-red-700">
            {t('interruptedNote', { processed: outcome.processed, total: outcome.total, batch: taskImportLimits.batchSize })}
          </p>
        ) : null}
        {outcome?.kind === 'result' ? <ImportResultView result={outcome.result} namespace={kind.namespace} /> : null}
      </div>
    </Modal>
  );
}
