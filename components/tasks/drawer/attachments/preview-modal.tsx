'use client';

import Papa from 'papaparse';
import { useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextTable } from '@/components/ui/text-table';
import { taskFileKeys } from '@/lib/client/query-keys';
import { previewKindOf, type TaskFileView } from '@/lib/contract/task-files';
import { taskFileUrl } from './file-urls';

/** Rows past this are left out of the preview: a CSV of thousands of lines is for downloading, not reading here. */
const csvPreviewRows = 200;

function CsvPreview({ url }: { url: string }) {
  const t = useTranslations('taskFiles');
  // The file's own URL, not the JSON API: a failure says so here, with no global notice, and is not asked again.
  const preview = useQuery({
    queryKey: taskFileKeys.csvPreview(url),
    queryFn: async () => {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(String(response.status));
      return Papa.parse<string[]>(await response.text(), { skipEmptyLines: true, preview: csvPreviewRows }).data;
    },
    retry: false,
  });
  const rows = preview.data;
  const failed = preview.isError;
  if (failed) return <p className="text-sm text-red-600">{t('previewFailed')}</p>;
  if (!rows) return <p className="text-sm text-slate-500">{t('loading')}</p>;
  const [header = [], ...body] = rows;
  return (
    <div className="max-h-[60vh] overflow-auto">
      <TextTable
        headers={header}
        rows={body}
        stickyHeader
        className="min-w-full border-collapse text-xs"
        headClassName="bg-slate-100"
        headerCellClassName="border border-slate-200 px-2 py-1 text-left font-semibold"
        cellClassName="border border-slate-200 px-2 py-1"
      />
    </div>
  );
}

function ImagePreview({ url, name }: { url: string; name: string }) {
  const t = useTranslations('taskFiles');
  const [broken, setBroken] = useState(false);
  // A TIFF is a preview type of the spec, but most browsers cannot draw one: say so rather than show a broken image.
  if (broken) return <p className="text-sm text-slate-600">{t('noPreview')}</p>;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- an authorised API response, not a static asset
    <img src={url} alt={name} onError={() => setBroken(true)} className="mx-auto max-h-[65vh] max-w-full object-contain" />
  );
}

/** Spec 01 §5: images, PDF and CSV are previewed; anything else says it cannot be. */
export function PreviewModal({ file, onClose }: { file: TaskFileView; onClose: () => void }) {
  const t = useTranslations('taskFiles');
  const kind = previewKindOf(file.filename);
  const url = taskFileUrl(file.taskId, file.id);
  return (
    <Modal
      open
      onClose={onClose}
      title={t('previewOf', { name: file.filename })}
      width={kind === 'pdf' ? 900 : 720}
      footer={
        <>
          <a
            href={taskFileUrl(file.taskId, file.id, true)}
            download={file.filename}
            className="inline-flex items-center rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t('download')}
          </a>
          <Button onClick={onClose}>{t('close')}</Button>
        </>
      }
    >
      {kind === 'image' ? <ImagePreview url={url} name={file.filename} /> : null}
      {kind === 'pdf' ? <iframe src={url} title={file.filename} className="h-[65vh] w-full rounded border border-slate-200" /> : null}
      {kind === 'csv' ? <CsvPreview url={url} /> : null}
      {kind === null ? <p className="text-sm text-slate-600">{t('noPreview')}</p> : null}
    </Modal>
  );
}
