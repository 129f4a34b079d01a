import { PublicFrame } from '@/components/auth/public-frame';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const dynamic = 'force-dynamic';

export default async function ChangePasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <PublicFrame>
      <ResetPasswordForm token={typeof token === 'string' ? token : ''} />
    </PublicFrame>
  );
}
