'use client';

import { DataTable } from '@/components/ui/data-table';
import type { CsvImportKind, ImportProgress } from '@/lib/client/csv-import';
import { useErrorText } from '@/lib/client/error-text';
import type { CsvImportLineProblem, CsvImportResult } from '@/lib/contract/csv-import';
import { isCatalogued } from '@/lib/contract/problems';
import { useImportText } from './use-import-text';

type Namespace = CsvImportKind['namespace'];

/** Upload first (the bytes sent), then the lines checked and written, as the server reports them. */
export function ImportProgressBar({ progress, namespace }: { progress: ImportProgress; namespace: Namespace }) {
  const t = useImportText(namespace);
  const percent =
    progress.phase === 'upload'
      ? Math.round(progress.fraction * 100)
      : Math.round((progress.processed / Math.max(progress.total, 1)) * 100);
  const label =
    progress.phase === 'upload'
      ? t('uploading', { percent })
      : t('processing', { processed: progress.processed, total: progress.total });
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={t('progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-600">{label}</p>
    </div>
  );
}

/**
 * A line's reasons in the user's language: each problem translated by its code (errors.<code>), after its column;
 * for a code this client does not know (a newer server), the English text as the server wrote it.
 */
function useLineProblemText(namespace: Namespace) {
  const t = useImportText(namespace);
  const errorText = useErrorText();
  return (problem: CsvImportLineProblem | undefined, english: string) => {
    if (!problem || !isCatalogued(problem.code)) return english;
    const message = errorText({ ...problem, message: english });
    return problem.column === null ? message : t('lineErrors.entry', { column: problem.column, message });
  };
}

/** The counts and, line by line, why a line was not imported. */
export function ImportResultView({ result, namespace }: { result: CsvImportResult; namespace: Namespace }) {
  const t = useImportText(namespace);
  const problemText = useLineProblemText(namespace);
  const counts: Array<[string, number]> = [
    [t('counts.processed'), result.processedRecordsCount],
    [result.validateOnly ? t('counts.wouldImport') : t('counts.imported'), result.importedCount],
    [t('counts.invalid'), result.invalidCount],
    [t('counts.alreadyExists'), result.alreadyExistsCount],
    [t('counts.alreadyImported'), result.alreadyImportedCount],
  ];
  const lines = Object.entries(result.lineErrors).sort(([a], [b]) => Number(a) - Number(b));
  return (
    <div className="space-y-3">
      {result.validateOnly ? <p className="text-sm text-slate-600">{t('checkedNote')}</p> : null}
      <p className="text-xs text-slate-500">{t('importId', { id: result.importId })}</p>
      {result.alreadyImportedCount > 0 ? (
        <p className="text-sm text-slate-700">{t('alreadyImportedNote', { count: result.alreadyImportedCount, id: result.importId })}</p>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {lines.length > 0 ? (
        <div className="max-h-72 overflow-y-auto rounded-md border border-slate-200">
          <DataTable
            caption={t('lineErrors.caption')}
            captionClassName="sr-only"
            rows={lines}
            columns={[
              { id: 'line', header: t('line'), headerClassName: 'w-16', rowHeader: true, className: 'font-medium text-slate-900', cell: ([line]) => line },
              {
                id: 'problems',
                header: t('problems'),
                className: 'text-slate-700',
                cell: ([line, messages]) => (
                  <ul className="space-y-0.5">
                    {messages.map((message, index) => (
                      <li key={message}>{problemText(result.lineProblems[line]?.[index], message)}</li>
                    ))}
                  </ul>
                ),
              },
            ]}
            rowId={([line]) => line}
            stickyHeader
            className="w-full text-left text-sm"
            headClassName="bg-slate-50 text-xs text-slate-600"
            headerCellClassName="px-3 py-2"
            cellClassName="px-3 py-2"
            rowClassName="border-t border-slate-100 align-top"
          />
        </div>
      ) : null}
    </div>
  );
}
