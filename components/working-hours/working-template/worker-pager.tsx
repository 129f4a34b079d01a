'use client';

import { Pager, type PageState } from '@/components/ui/pager';

export { clampPage, type PageState } from '@/components/ui/pager';

export const workerPageSizes = [10, 20, 50, 100] as const;

/** Paging of the worker list: 'x-y of {total} workers', previous and next, a size changer and a quick jump. */
export function WorkerPager(props: { page: PageState; total: number; onChange: (next: PageState) => void }) {
  return <Pager {...props} namespace="workingTemplate.pager" sizes={workerPageSizes} />;
}
