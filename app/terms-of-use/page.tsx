import { LegalPage } from '@/components/legal/legal-page';

export default function TermsOfUsePage() {
  return <LegalPage page="terms" />;
}
