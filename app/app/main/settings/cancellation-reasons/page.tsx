import { CancellationReasonsList } from '@/components/cancellation-reasons/cancellation-reasons-list';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Settings → cancellation reasons: owner, users manager and billing manager (spec 03 §6). */
export default async function CancellationReasonsSettingsPage() {
  await menuPageOrRedirect('settings', 'cancellation-reasons');
  return <CancellationReasonsList />;
}
