'use client';

import { useCallback, useEffect, useState } from 'react';
import { clampPage, type PageState } from '@/components/ui/pager';
import { api } from '@/lib/client/api';
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
 * have thousands. A later answer replaces an earlier one only if it is the one last asked for.
 */
export function useClientPage() {
  const [filterText, setFilterText] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState<PageState>({ pageIndex: 0, pageSize: clientPageSizes[0] });
  const [answer, setAnswer] = useState<ClientPage | null>(null);
  const [version, setVersion] = useState(0);
  // Loading while the last request asked for is not yet answered (or failed).
  const requestKey = `${filter}|${page.pageIndex}|${page.pageSize}|${version}`;
  const [settledKey, setSettledKey] = useState<string | null>(null);
  const loading = settledKey !== requestKey;

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(filterText.trim());
      setPage((current) => ({ ...current, pageIndex: 0 }));
    }, filterDelayMs);
    return () => clearTimeout(timer);
  }, [filterText]);

  useEffect(() => {
    let current = true;
    const key = `${filter}|${page.pageIndex}|${page.pageSize}|${version}`;
    api<ClientPage>(clientsQuery(filter, page))
      .then((next) => {
        if (!current) return;
        // A page past the end (the last clients of the page were deleted meanwhile) moves to the last page.
        const clamped = clampPage(page, next.total);
        if (clamped.pageIndex !== page.pageIndex) setPage(clamped);
        else setAnswer(next);
      })
      .catch(() => {
        // The failed call has shown its notice; the rows already shown stay.
      })
      .finally(() => {
        if (current) setSettledKey(key);
      });
    return () => {
      current = false;
    };
  }, [filter, page, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);

  return { filterText, setFilterText, filter, page, setPage, answer, loading, reload };
}
