'use client';

import { ChevronLeft, ChevronRight, Plus, RefreshCw } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { api } from '@/lib/client/api';
import { workingHoursKeys } from '@/lib/client/query-keys';
import type { TemplateView } from '@/lib/contract/working-hours';
import { TemplateDrawer } from './template-drawer';

/** The spec's template list page size (spec 02 §9). */
const pageSize = 25;

/** Which template the drawer shows: none (closed), a new one, or an existing one by id. */
type DrawerTarget = { open: false } | { open: true; templateId: number | null };

/** The tenant's working-hours templates by name; double-clicking a row modifies it, Add creates one. */
export function TemplatesList() {
  const t = useTranslations('workingHours.templates.list');
  const [page, setPage] = useState(0);
  const [drawer, setDrawer] = useState<DrawerTarget>({ open: false });
  const { data: templates, refetch } = useQuery({
    queryKey: workingHoursKeys.templates,
    // The failed call has shown its notice; an empty list is honest about what could be read.
    queryFn: () => api<TemplateView[]>('working-hours').catch((): TemplateView[] => []),
  });
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const total = templates?.length ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A delete can empty the last page: show the last one that still has rows.
  const shownPage = Math.min(page, pages - 1);
  const rows = templates?.slice(shownPage * pageSize, (shownPage + 1) * pageSize);
  const open = (templateId: number | null) => setDrawer({ open: true, templateId });

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-3 p-4">
      <div className="flex items-center gap-2">
        <h1 className="flex-1 text-lg font-semibold text-slate-900">{t('title')}</h1>
        <Button variant="secondary" onClick={() => void reload()}>
          <RefreshCw size={16} aria-hidden />
          {t('refresh')}
        </Button>
        <Button onClick={() => open(null)}>
          <Plus size={16} aria-hidden />
          {t('add')}
        </Button>
      </div>
      <p className="text-xs text-slate-500">{t('hint')}</p>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <DataTable
          rows={rows ?? []}
          columns={[
            { id: 'id', header: t('id'), headerClassName: 'w-24', className: 'text-slate-600 tabular-nums', cell: (template) => template.id },
            { id: 'name', header: t('name'), className: 'text-slate-900', cell: (template) => template.name },
          ]}
          rowId={(template) => template.id}
          onOpen={(template) => open(template.id)}
          openWithEnter
          className="w-full text-left text-sm"
          headClassName="bg-slate-50 text-xs text-slate-600 uppercase"
          headerCellClassName="px-4 py-2 font-medium"
          cellClassName="px-4 py-2"
          rowClassName="cursor-pointer border-t border-slate-100 select-none hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
          // Nothing to say while the list is on its way: the row appears once an empty list has been read.
          emptyText={templates === null ? undefined : t('empty')}
        />
        <div className="flex items-center gap-2 border-t border-slate-200 px-4 py-2 text-sm text-slate-600">
          <span className="flex-1">{templates ? t('total', { count: total }) : null}</span>
          {pages > 1 ? (
            <>
              <button
                type="button"
                aria-label={t('previousPage')}
                disabled={shownPage === 0}
                onClick={() => setPage(shownPage - 1)}
                className="rounded p-1 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
              >
                <ChevronLeft size={16} aria-hidden />
              </button>
              <span>{t('page', { page: shownPage + 1, pages })}</span>
              <button
                type="button"
                aria-label={t('nextPage')}
                disabled={shownPage === pages - 1}
                onClick={() => setPage(shownPage + 1)}
                className="rounded p-1 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
              >
                <ChevronRight size={16} aria-hidden />
              </button>
            </>
          ) : null}
        </div>
      </div>
      <TemplateDrawer
        open={drawer.open}
        templateId={drawer.open ? drawer.templateId : null}
        onClose={() => setDrawer({ open: false })}
        onSaved={reload}
        onDeleted={reload}
      />
    </section>
  );
}
