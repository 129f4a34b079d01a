import Link from 'next/link';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';

/** The frame of the public account pages: product name, a card, and the legal links. */
export async function PublicFrame({ children }: { children: ReactNode }) {
  const t = await getTranslations();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-100 p-4">
      <div className="mb-6 flex items-center gap-2 text-xl font-semibold text-brand">
        <span className="flex h-8 w-8 items-center justify-center rounded bg-brand text-white" aria-hidden>
          F
        </span>
        {t('common.appName')}
      </div>
      <main className="w-full max-w-md rounded-lg bg-white p-6 shadow">{children}</main>
      <footer className="mt-6 flex gap-4 text-xs text-slate-600">
        <Link href="/terms-of-use" className="hover:underline">
          {t('footer.terms')}
        </Link>
        <Link href="/privacy-policy" className="hover:underline">
          {t('footer.privacy')}
        </Link>
      </footer>
    </div>
  );
}
