import { Suspense } from 'react';
import { AccountingCallback } from '@/components/clients/accounting/accounting-callback';

/** Spec 03 §2.2: where the accounting provider sends the browser back after the web-app authorisation. */
export default function AccountingCallbackPage() {
  return (
    <Suspense fallback={null}>
      <AccountingCallback />
    </Suspense>
  );
}
