'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, ListChecks, RefreshCw, Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { roles, type Role } from '@/lib/contract/roles';
import { AssignTemplateDrawer } from './assign-template-drawer';
import { BulkAssignModal } from './bulk-assign-modal';
import { useWorkers, type TemplateChoice } from './use-workers';
import { clampPage, WorkerPager, workerPageSizes, type PageState } from './worker-pager';
import { filterWorkers, type WorkerSearchLabels } from './worker-search';
import { WorkerTable } from './worker-table';

/**
 * Working hours → working template (spec 02 §2.5): the active workers with their template, filtered by text, paged;
 * ticked rows take one template through 'Edit multiple users', a double-clicked row opens its assign drawer.
 */
export function WorkingTemplateList({ templates }: { templates: readonly TemplateChoice[] }) {
  const t = useTranslations('workingTemplate');
  const { workers, loading, reload, replaceWorkers } = useWorkers();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<PageState>({ pageIndex: 0, pageSize: workerPageSizes[0] });
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [openWorkerId, setOpenWorkerId] = useState<number | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  const labels = useMemo<WorkerSearchLabels>(
    () => ({
      roles: Object.fromEntries(roles.map((role) => [role, t(`roles.${role}`)])) as Record<Role, string>,
      active: t('active'),
      deactivated: t('deactivated'),
    }),
    [t],
  );
  const shown = useMemo(() => filterWorkers(workers ?? [], query, labels), [workers, query, labels]);
  const currentPage = clampPage(page, shown.length);
  const pageRows = shown.slice(currentPage.pageIndex * currentPage.pageSize, (currentPage.pageIndex + 1) * currentPage.pageSize);
  // A ticked worker who left the list (deactivated meanwhile, say) is not sent with the next bulk change.
  const tickedIds = (workers ?? []).filter((worker) => ticked.has(worker.id)).map((worker) => worker.id);
  const openWorker = workers?.find((worker) => worker.id === openWorkerId) ?? null;

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-lg font-semibold text-slate-900">{t('title')}</h1>
        <label className="relative flex min-w-56 flex-1 items-center sm:max-w-96">
          <span className="sr-only">{t('search')}</span>
          <Search size={16} aria-hidden className="pointer-events-none absolute left-3 text-slate-400" />
          <input
            type="search"
            className={`${controlClass} w-full border-slate-300 pl-9`}
            placeholder={t('searchPlaceholder')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage((current) => ({ ...current, pageIndex: 0 }));
            }}
          />
        </label>
        <Button variant="secondary" onClick={() => void reload()} aria-label={t('reload')} title={t('reload')}>
          <RefreshCw size={16} aria-hidden className={loading ? 'animate-spin' : undefined} />
        </Button>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            {/* Below 1254 px only the icon shows (spec 02 §2.5); the name stays for assistive technology. */}
            <Button variant="secondary" aria-label={t('actions')} title={t('actions')}>
              <ListChecks size={16} aria-hidden />
              <span aria-hidden className="hidden min-[1254px]:inline">
                {t('actions')}
              </span>
              {tickedIds.length > 0 ? <span className="text-xs text-slate-500">({tickedIds.length})</span> : null}
              <ChevronDown size={16} aria-hidden />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={4} className="z-40 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
              <DropdownMenu.Item
                className="cursor-pointer rounded px-3 py-2 text-sm text-slate-800 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100"
                disabled={tickedIds.length === 0}
                onSelect={() => setBulkOpen(true)}
              >
                {t('editMultiple')}
              </DropdownMenu.Item>
              {tickedIds.length === 0 ? <p className="px-3 py-1 text-xs text-slate-500">{t('tickFirst')}</p> : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      {templates.length === 0 ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {t('noTemplates')}
        </p>
      ) : null}
      <WorkerTable
        rows={pageRows}
        loading={loading && workers === null}
        ticked={ticked}
        onTickedChange={setTicked}
        onOpen={setOpenWorkerId}
      />
      <WorkerPager page={currentPage} total={shown.length} onChange={setPage} />
      {openWorker ? (
        <AssignTemplateDrawer
          key={openWorker.id}
          worker={openWorker}
          templates={templates}
          onClose={() => setOpenWorkerId(null)}
          onSaved={(row) => {
            replaceWorkers([row]);
            setOpenWorkerId(null);
          }}
          onFailed={() => void reload()}
        />
      ) : null}
      {bulkOpen ? (
        <BulkAssignModal
          userIds={tickedIds}
          templates={templates}
          onClose={() => setBulkOpen(false)}
          onSaved={(rows) => {
            replaceWorkers(rows);
            setTicked(new Set());
            setBulkOpen(false);
          }}
          onFailed={() => void reload()}
        />
      ) : null}
    </section>
  );
}
