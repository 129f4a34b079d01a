import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

export default async function NotFound() {
  const t = await getTranslations();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-6xl font-bold text-slate-300">{t('notFound.title')}</h1>
      <p className="text-slate-600">{t('notFound.message')}</p>
      <Link href="/app/main" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
        {t('common.backHome')}
      </Link>
    </main>
  );
}
