'use client';

import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api';
import { loadCurrentUserClock } from '@/lib/client/current-user';
import { downloadCsv, exportFileName, toCsvFile } from '@/lib/client/tasks/csv';
import { clientCsvCells, clientCsvColumns } from '@/lib/contract/client-csv';
import type { ClientView } from '@/lib/contract/clients';
import { clientsQuery } from './use-client-page';

/** The clients as a CSV file's text: the import's own columns, so an exported file imports again as it is. */
export function clientsCsvText(clients: readonly ClientView[]): string {
  return toCsvFile(
    clientCsvColumns,
    clients.map((client) => {
      const cells = clientCsvCells(client);
      return clientCsvColumns.map((column) => cells[column]);
    }),
  );
}

/**
 * Downloads every live client the filter matches (all pages), cells a spreadsheet would run as formulas escaped,
 * named by the company's clock: clients-2026-11-26_1432.csv. Answers how many were written.
 */
export async function exportClients(filter: string, queryClient: QueryClient): Promise<number> {
  const [clients, me] = await Promise.all([api<ClientView[]>(clientsQuery(filter)), loadCurrentUserClock(queryClient)]);
  downloadCsv(clientsCsvText(clients), exportFileName(new Date(), me.tenantTimeZone, 'clients'));
  return clients.length;
}
