import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { PublicFrame } from '@/components/auth/public-frame';

export default function ForgotPasswordPage() {
  return (
    <PublicFrame>
      <ForgotPasswordForm />
    </PublicFrame>
  );
}
