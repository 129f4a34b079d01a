'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { clampPage, type PageState } from '@/components/ui/pager';
import { api } from '@/lib/client/api';
import { clientKeys } from '@/lib/client/query-keys';
import { clientPageSizes, type ClientPage } from '@/lib/contract/client-csv';

/** How long the filter box waits for typing to pause before it asks the server. */
const filterDelayMs = 300;

export const clientsQuery = (filter: string, page?: PageState) => {
  const params = new URLSearchParams();
  if (filter) params.set('filter', filter);
  if (page) {
    params.set('page', String(page.pageIndex + 1));
    params.set('size', String(page.pageSize));
  }
  const query = params.toString();
  return query ? `clients?${query}` : 'clients';
};

/**
 * One page of the live clients, read from the server as the page, its size or the filter change: a company may
 * have thousands. Only the page last asked for is shown; the rows already shown stay while it loads and when its
 * read fails (the failed call has shown its notice).
 */
export function useClientPage() {
  const [filterText, setFilterText] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState<PageState>({ pageIndex: 0, pageSize: clientPageSizes[0] });
  // The rows on screen: the last page read that lies within the list. Not keepPreviousData: its placeholder is
  // dropped when a read fails, and it would show the empty page past the end until the last page is read.
  const [answer, setAnswer] = useState<ClientPage | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(filterText.trim());
      setPage((current) => ({ ...current, pageIndex: 0 }));
    }, filterDelayMs);
    return () => clearTimeout(timer);
  }, [filterText]);

  const read = useQuery({
    queryKey: clientKeys.page(filter, page.pageIndex, page.pageSize),
    queryFn: () => api<ClientPage>(clientsQuery(filter, page)),
    // A page left is dropped: going back to it reads it afresh under the rows on screen, never shows a copy from
    // before (a client deleted since would come back for a moment).
    gcTime: 0,
  });

  // Set while rendering, not in an effect, so the new rows and the page they belong to show in the same frame.
  if (read.data && read.data !== answer) {
    // A page past the end (the last clients of the page were deleted meanwhile) moves to the last page.
    const clamped = clampPage(page, read.data.total);
    if (clamped.pageIndex !== page.pageIndex) setPage(clamped);
    else setAnswer(read.data);
  }

  const { refetch } = read;
  const reload = useCallback(() => void refetch(), [refetch]);

  return { filterText, setFilterText, filter, page, setPage, answer, loading: read.isFetching, reload };
}
