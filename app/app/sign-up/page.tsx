import { redirect } from 'next/navigation';
import { PublicFrame } from '@/components/auth/public-frame';
import { SignupForm } from '@/components/auth/signup-form';
import { currentPageUser } from '@/lib/server/people/auth/page-session';

export const dynamic = 'force-dynamic';

export default async function SignUpPage() {
  if (await currentPageUser()) redirect('/app/main');
  return (
    <PublicFrame>
      <SignupForm />
    </PublicFrame>
  );
}
