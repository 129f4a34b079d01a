import { PlansScreen } from '@/components/settings/plans/plans-screen';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';
import { currentPageUser } from '@/lib/server/people/auth/page-session';

/** Settings → plans: reached from the subscription notice's Pay Now (spec 03), not a tab; it says there is no billing. */
export default async function PlansSettingsPage() {
  await menuPageOrRedirect('settings', 'plans');
  const user = await currentPageUser();
  return <PlansScreen owner={user?.roles.includes('owner') ?? false} />;
}
