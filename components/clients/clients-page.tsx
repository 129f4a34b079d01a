'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ImportModal } from '@/components/csv-import/import-modal';
import { Pager } from '@/components/ui/pager';
import { AccountingImportButton } from './accounting/accounting-import-button';
import { clientImportKind } from '@/lib/client/csv-import';
import { clientPageSizes } from '@/lib/contract/client-csv';
import { ClientDrawer } from './client-drawer';
import { exportClients } from './clients-csv';
import { ClientsTable } from './clients-table';
import { ClientsToolbar } from './clients-toolbar';
import { useClientPage } from './use-client-page';

const screenPath = '/app/main/clients/all';

/** Which client the drawer shows: none (closed), a new one, or an existing one by id. */
type DrawerTarget = { open: false } | { open: true; clientId: number | null };

/**
 * Clients → all (spec 03 §2.7): the live clients a page at a time, filtered on the server; export, CSV import,
 * add and modify through the client drawer, and a new task for a client through the task drawer's URL.
 */
export function ClientsPage() {
  const t = useTranslations('clients');
  const list = useClientPage();
  const queryClient = useQueryClient();
  const [drawer, setDrawer] = useState<DrawerTarget>({ open: false });
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const headingId = useId();

  const runExport = async () => {
    setExporting(true);
    try {
      const count = await exportClients(list.filter, queryClient);
      toast.success(t('exported', { count }));
    } catch {
      // The failed call has shown its notice.
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex w-full flex-col gap-3 p-4">
      <h1 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h1>
      <ClientsToolbar
        onReload={list.reload}
        reloading={list.loading}
        onExport={() => void runExport()}
        exporting={exporting}
        onImport={() => setImportOpen(true)}
        filterText={list.filterText}
        onFilterChange={list.setFilterText}
        accountingAction={<AccountingImportButton onImported={list.reload} />}
        onAdd={() => setDrawer({ open: true, clientId: null })}
      />
      <ClientsTable
        clients={list.answer?.items ?? null}
        loading={list.loading}
        filtered={list.filter !== ''}
        addTaskHref={(clientId) => `${screenPath}?task=new&clientId=${clientId}`}
        onOpen={(clientId) => setDrawer({ open: true, clientId })}
      />
      <Pager page={list.page} total={list.answer?.total ?? 0} onChange={list.setPage} namespace="clients.pager" sizes={clientPageSizes} />
      <ImportModal kind={clientImportKind} open={importOpen} onClose={() => setImportOpen(false)} onImported={list.reload} />
      <ClientDrawer
        open={drawer.open}
        clientId={drawer.open ? drawer.clientId : null}
        onClose={() => setDrawer({ open: false })}
        onSaved={list.reload}
        onDeleted={list.reload}
      />
    </section>
  );
}
