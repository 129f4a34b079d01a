import { Dashboard } from '@/components/dashboard/dashboard';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';
import { env } from '@/lib/server/core/env';

/** Dashboard → all (tasks managers): the widgets of spec 03 §2.9, where managers land after sign-in. */
export default async function DashboardPage() {
  await menuPageOrRedirect('dashboard', 'all');
  return <Dashboard mapStyleUrl={env.mapStyleUrl ?? null} />;
}
