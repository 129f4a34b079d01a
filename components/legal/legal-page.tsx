import { getTranslations } from 'next-intl/server';
import { PublicFrame } from '@/components/auth/public-frame';

/** The public legal pages linked from every account page's footer. */
export async function LegalPage({ page }: { page: 'terms' | 'privacy' }) {
  const t = await getTranslations('legal');
  return (
    <PublicFrame>
      <h1 className="mb-3 text-lg font-semibold">{t(`${page}Title`)}</h1>
      <p className="text-sm whitespace-pre-line text-slate-700">{t(`${page}Body`)}</p>
    </PublicFrame>
  );
}
