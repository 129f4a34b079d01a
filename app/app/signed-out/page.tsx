import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PublicFrame } from '@/components/auth/public-frame';

export default async function SignedOutPage() {
  const t = await getTranslations('signedOut');
  return (
    <PublicFrame>
      <div className="flex flex-col items-center gap-3 text-center">
        <h1 className="text-lg font-semibold">{t('title')}</h1>
        <p className="text-sm text-slate-600">{t('message')}</p>
        <Link href="/app/login" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
          {t('backToLogin')}
        </Link>
      </div>
    </PublicFrame>
  );
}
