import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LoginForm } from '@/components/auth/login-form';
import { PublicFrame } from '@/components/auth/public-frame';
import { currentPageUser } from '@/lib/server/people/auth/page-session';
import { demoLogins, demoPassword } from '@/lib/server/people/auth/demo';

export const dynamic = 'force-dynamic';

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ passwordReset?: string | string[] }> }) {
  if (await currentPageUser()) redirect('/app/main');
  const demoAccounts = await demoLogins();
  // The change-password page comes back here after a reset: say it worked before asking for the new password.
  const { passwordReset } = await searchParams;
  const t = await getTranslations('passwordReset');
  return (
    <PublicFrame>
      {passwordReset === 'done' ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {t('loginNotice')}
        </p>
      ) : null}
      <LoginForm demoAccounts={demoAccounts} demoPassword={demoPassword} />
    </PublicFrame>
  );
}
