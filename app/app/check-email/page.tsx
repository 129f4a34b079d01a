import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PublicFrame } from '@/components/auth/public-frame';

export default async function CheckEmailPage({ searchParams }: { searchParams: Promise<{ email?: string | string[] }> }) {
  const t = await getTranslations('passwordReset.checkEmail');
  const { email } = await searchParams;
  const address = typeof email === 'string' ? email : '';
  return (
    <PublicFrame>
      <div className="flex flex-col items-center gap-3 text-center">
        <h1 className="text-lg font-semibold">{t('title')}</h1>
        <p className="text-sm text-slate-600">{t('body', { email: address })}</p>
        <Link href="/app/login" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
          {t('backToLogin')}
        </Link>
      </div>
    </PublicFrame>
  );
}
