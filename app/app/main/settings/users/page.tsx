import { redirect } from 'next/navigation';
import { UsersList } from '@/components/users/users-list';
import { currentPageCtx } from '@/lib/server/people/auth/page-session';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';
import { userFormChoices } from '@/lib/server/people/users/choices';

/**
 * Settings → users: the company's people, added and modified through the user drawer. The skills, zones and
 * templates to choose from are read here, each only while its feature is on.
 */
export default async function UsersSettingsPage() {
  await menuPageOrRedirect('settings', 'users');
  const ctx = await currentPageCtx();
  if (!ctx) redirect('/app/login');
  return <UsersList choices={await userFormChoices(ctx)} />;
}
