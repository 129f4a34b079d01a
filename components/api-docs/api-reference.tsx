import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { OpenApiDocument } from '@/lib/server/http/openapi/document';
import { CallCard } from './call-card';
import { ErrorCodes } from './error-codes';
import { groupCalls } from './groups';

/**
 * The OpenAPI document as a page, rendered on the server from the same object the JSON serves: no outside
 * scripts or fonts, and the filter is a plain GET form, so it works without JavaScript.
 */
export async function ApiReference({ document, filter }: { document: OpenApiDocument; filter: string }) {
  const t = await getTranslations('apiDocs');
  const tCommon = await getTranslations('common');
  const groups = groupCalls(document, filter);
  const count = groups.reduce((total, group) => total + group.calls.length, 0);
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-3 text-lg font-semibold text-brand">
          <span className="flex h-7 w-7 items-center justify-center rounded bg-brand text-sm text-white">F</span>
          {tCommon('appName')}
        </div>
      </header>
      <main className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6">
        <h1 className="text-xl font-semibold">{t('title')}</h1>
        <p className="text-sm text-slate-700">{t('intro')}</p>
        <p className="text-sm">
          <a href="/api/web/openapi.json" className="text-brand-dark underline">
            {t('jsonLink')}
          </a>
        </p>
        <form method="get" action="/app/api-docs" role="search" className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{t('filterLabel')}</span>
            <input
              type="search"
              name="q"
              defaultValue={filter}
              placeholder={t('filterPlaceholder')}
              className="w-72 rounded border border-slate-300 bg-white px-2 py-1 font-mono text-sm"
            />
          </label>
          <button type="submit" className="rounded bg-brand px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-dark">
            {t('filterButton')}
          </button>
          {filter !== '' && (
            <Link href="/app/api-docs" className="py-1.5 text-sm text-brand-dark underline">
              {t('showAll')}
            </Link>
          )}
        </form>
        <p className="text-sm text-slate-600" aria-live="polite">
          {t('count', { count })}
        </p>
        {groups.length === 0 && <p className="text-sm">{t('noMatch')}</p>}
        {groups.length > 1 && (
          <nav aria-label={t('sections')} className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
            {groups.map((group) => (
              <a key={group.name} href={`#group-${group.name}`} className="font-mono text-brand-dark underline">
                {group.name}
              </a>
            ))}
          </nav>
        )}
        {groups.map((group) => (
          <section key={group.name} id={`group-${group.name}`} aria-labelledby={`heading-${group.name}`} className="flex flex-col gap-2">
            <h2 id={`heading-${group.name}`} className="font-mono text-base font-semibold">
              {group.name}
            </h2>
            {group.calls.map((call) => (
              <CallCard key={`${call.method} ${call.path}`} call={call} />
            ))}
          </section>
        ))}
        <ErrorCodes />
      </main>
    </div>
  );
}
