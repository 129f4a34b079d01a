import { redirect } from 'next/navigation';
import { ApiKeysList } from '@/components/api-keys/api-keys-list';
import { currentPageUser } from '@/lib/server/people/auth/page-session';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Settings → API keys: the tenant's keys for machine clients, masked, with the drawer to add, modify and delete. */
export default async function ApiKeysSettingsPage() {
  await menuPageOrRedirect('settings', 'apikey');
  const user = await currentPageUser();
  if (!user) redirect('/app/login');
  return <ApiKeysList heldRoles={user.roles} tenantTimeZone={user.tenantTimeZone} />;
}
