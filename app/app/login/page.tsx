import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { PublicFrame } from '@/components/auth/public-frame';
import { currentPageUser } from '@/lib/server/auth/page-session';
import { demoLogins, demoPassword } from '@/lib/server/auth/demo';

export const dynamic = 'force-dynamic';

export default async function LoginPage() {
  if (await currentPageUser()) redirect('/app/main');
  const demoAccounts = await demoLogins();
  return (
    <PublicFrame>
      <LoginForm demoAccounts={demoAccounts} demoPassword={demoPassword} />
    </PublicFrame>
  );
}
