'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { selectClass } from '@/components/ui/field';

export interface PageState {
  pageIndex: number;
  pageSize: number;
}

/** The page index kept within the pages that `total` rows fill, so a shorter list never shows an empty page. */
export function clampPage(page: PageState, total: number): PageState {
  const pages = Math.max(1, Math.ceil(total / page.pageSize));
  return { ...page, pageIndex: Math.min(Math.max(0, page.pageIndex), pages - 1) };
}

/** The namespaces holding a pager's words: label, range, previous, next, page, size, perPage, jump. */
export type PagerNamespace = 'workingTemplate.pager' | 'clients.pager' | 'autoSchedule.pager' | 'settingsTable.pager';

/** Paging of a list: 'x-y of {total} …', previous and next, a size changer and a quick jump. */
export function Pager({
  page,
  total,
  onChange,
  namespace,
  sizes,
}: {
  page: PageState;
  total: number;
  onChange: (next: PageState) => void;
  namespace: PagerNamespace;
  sizes: readonly number[];
}) {
  const t = useTranslations(namespace);
  const [jump, setJump] = useState('');
  const pages = Math.max(1, Math.ceil(total / page.pageSize));
  const from = total === 0 ? 0 : page.pageIndex * page.pageSize + 1;
  const to = Math.min(total, (page.pageIndex + 1) * page.pageSize);
  const goTo = (pageIndex: number) => onChange(clampPage({ ...page, pageIndex }, total));

  return (
    <nav aria-label={t('label')} className="flex flex-wrap items-center justify-end gap-3 text-sm text-slate-600">
      <span>{t('range', { from, to, total })}</span>
      <Button variant="secondary" className="px-2" aria-label={t('previous')} disabled={page.pageIndex === 0} onClick={() => goTo(page.pageIndex - 1)}>
        <ChevronLeft size={16} aria-hidden />
      </Button>
      <span>{t('page', { page: page.pageIndex + 1, pages })}</span>
      <Button variant="secondary" className="px-2" aria-label={t('next')} disabled={page.pageIndex >= pages - 1} onClick={() => goTo(page.pageIndex + 1)}>
        <ChevronRight size={16} aria-hidden />
      </Button>
      {/* One size on offer (a fixed page, as auto-schedule's five) leaves nothing to change. */}
      {sizes.length > 1 ? (
        <select
          aria-label={t('size')}
          className={`${selectClass} py-1.5`}
          value={page.pageSize}
          // The first row on screen stays on screen: the new page is the one that holds it.
          onChange={(event) => {
            const pageSize = Number(event.target.value);
            onChange(clampPage({ pageSize, pageIndex: Math.floor((page.pageIndex * page.pageSize) / pageSize) }, total));
          }}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {t('perPage', { size })}
            </option>
          ))}
        </select>
      ) : null}
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = Number(jump);
          if (Number.isInteger(wanted) && wanted >= 1) goTo(wanted - 1);
          setJump('');
        }}
      >
        <label className="flex items-center gap-2">
          {t('jump')}
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={pages}
            className={`${selectClass} w-16 py-1.5`}
            value={jump}
            onChange={(event) => setJump(event.target.value)}
          />
        </label>
      </form>
    </nav>
  );
}
