'use client';

import { Download, Loader2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateRange } from '@/components/ui/date-range';
import { api } from '@/lib/client/api';
import { refusesInvalidFields } from '@/lib/client/form-validity';
import { formatInstant } from '@/lib/client/task-history/log-format';
import { downloadCsv, exportFileName } from '@/lib/client/tasks/csv';
import { useClock } from '@/lib/client/use-clock';
import type { EfficiencyReport, EfficiencyReportStart } from '@/lib/contract/efficiency-report';
import { MultiSelect } from './multi-select';
import { efficiencyCsvText } from './report-csv';
import { EfficiencyTable } from './report-table';

interface Filters {
  from: string;
  to: string;
  assigneeIds: number[];
  clientIds: number[];
  typeIds: number[];
}

const noFilters: Filters = { from: '', to: '', assigneeIds: [], clientIds: [], typeIds: [] };

/** POST reports/efficiency with the screen's choices; the range is local days, the server sets 00:00 to 23:59:59.999. */
function fetchReport(filters: Filters): Promise<EfficiencyReport> {
  const query = new URLSearchParams({ from: filters.from, to: filters.to });
  return api<EfficiencyReport>(`reports/efficiency?${query.toString()}`, {
    method: 'POST',
    json: { assigneeId: filters.assigneeIds, clientIds: filters.clientIds, typeIds: filters.typeIds },
  });
}

/** Reporting → efficiency: a range of completion dates and three filters, Generate, Clear and Export to CSV. */
export function EfficiencyReportScreen({ start }: { start: EfficiencyReportStart }) {
  const t = useTranslations('efficiencyReport');
  const clock = useClock();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [rows, setRows] = useState<EfficiencyReport | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  /** Clear puts the range boxes back to empty, refused entries included. */
  const [cleared, setCleared] = useState(0);
  const rangeRef = useRef<HTMLDivElement>(null);
  const change = (next: Partial<Filters>) => setFilters((current) => ({ ...current, ...next }));
  const hasRange = filters.from !== '' && filters.to !== '' && filters.from <= filters.to;

  const workerOptions = useMemo(
    () =>
      start.workers.map((worker) => ({
        id: worker.id,
        label: `${worker.name} ${worker.surname}`.trim() + (worker.active ? '' : ` (${t('deactivated')})`),
      })),
    [start.workers, t],
  );
  const clientOptions = useMemo(() => start.clients.map((client) => ({ id: client.id, label: client.displayName })), [start.clients]);
  const typeOptions = useMemo(() => start.taskTypes.map((type) => ({ id: type.id, label: type.type })), [start.taskTypes]);

  async function generate() {
    if (refusesInvalidFields(rangeRef.current)) return;
    setLoading(true);
    try {
      setRows(await fetchReport(filters));
    } catch {
      // The failed call has shown its notice; the last report stays on screen.
    } finally {
      setLoading(false);
    }
  }

  async function exportCsv() {
    if (refusesInvalidFields(rangeRef.current)) return;
    setExporting(true);
    try {
      const answer = await fetchReport(filters);
      setRows(answer);
      const text = efficiencyCsvText(answer, {
        header: [
          t('csv.header.reference'), t('csv.header.title'), t('csv.header.assignees'), t('csv.header.client'),
          t('csv.header.start'), t('csv.header.end'), t('csv.header.estimate'), t('csv.header.actual'),
          t('csv.header.difference'), t('csv.header.efficiency'),
        ],
        totalEstimate: t('csv.totalEstimate'),
        totalActual: t('csv.totalActual'),
        workingHours: t('csv.workingHours'),
        instant: (iso) => formatInstant(iso, clock),
      });
      downloadCsv(text, exportFileName(new Date(), start.tenantTimeZone, 'efficiency'));
    } catch {
      // The failed call has shown its notice.
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="efficiency-title" className="mx-auto flex w-full max-w-7xl flex-col gap-4 p-4">
      <h1 id="efficiency-title" className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h1>
      <div className="flex flex-wrap items-end gap-3">
        <DateRange
          key={cleared}
          label={t('range')}
          fromLabel={t('from')}
          toLabel={t('to')}
          clearable
          from={filters.from}
          to={filters.to}
          onChange={(from, to) => change({ from, to })}
          groupRef={rangeRef}
          boxClassName="w-44"
        />
        <MultiSelect label={t('workers')} options={workerOptions} chosen={filters.assigneeIds} onChange={(assigneeIds) => change({ assigneeIds })} />
        <MultiSelect label={t('clients')} options={clientOptions} chosen={filters.clientIds} onChange={(clientIds) => change({ clientIds })} />
        <MultiSelect label={t('taskTypes')} options={typeOptions} chosen={filters.typeIds} onChange={(typeIds) => change({ typeIds })} />
        <div className="flex items-center gap-2">
          <Button onClick={generate} disabled={!hasRange || loading} title={hasRange ? undefined : t('rangeFirst')}>
            {loading ? <Loader2 size={16} aria-hidden className="animate-spin" /> : null}
            {t('generate')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setFilters(noFilters);
              setCleared((count) => count + 1);
              setRows(null);
            }}
          >
            {t('clear')}
          </Button>
          <Button variant="secondary" onClick={exportCsv} disabled={!hasRange || exporting} aria-busy={exporting || undefined}>
            {exporting ? <Loader2 size={16} aria-hidden className="animate-spin" /> : <Download size={16} aria-hidden />}
            {exporting ? t('exporting') : t('export')}
          </Button>
        </div>
      </div>
      <p className="text-xs text-slate-500">{t('hint')}</p>
      {rows === null ? null : rows.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-500">{t('empty')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t('count', { count: rows.length })}</p>
          <EfficiencyTable rows={rows} clock={clock} />
        </>
      )}
    </section>
  );
}
