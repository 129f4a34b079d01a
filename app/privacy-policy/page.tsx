import { LegalPage } from '@/components/legal/legal-page';

export default function PrivacyPolicyPage() {
  return <LegalPage page="privacy" />;
}
