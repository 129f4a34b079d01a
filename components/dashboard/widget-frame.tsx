'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { WidgetState } from '@/lib/client/dashboard/slices';

/**
 * One dashboard card: a titled region whose body is the widget, or what stands in for it while loading, when the
 * answer was not usable (temporarily unavailable) or when it held nothing (no data).
 */
export function WidgetFrame<T>({
  title,
  state,
  className = '',
  children,
}: {
  title: string;
  state: WidgetState<T>;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const t = useTranslations('dashboard');
  return (
    <section aria-label={title} aria-busy={state.kind === 'loading'} className={`flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white p-4 ${className}`}>
      <h2 className="mb-3 text-sm font-semibold text-slate-700">{title}</h2>
      {state.kind === 'ready' ? (
        children(state.data)
      ) : (
        <p className="flex flex-1 items-center justify-center py-8 text-sm text-slate-500">
          {state.kind === 'loading' ? t('loading') : state.kind === 'empty' ? t('noData') : t('unavailable')}
        </p>
      )}
    </section>
  );
}
