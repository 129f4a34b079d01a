import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { resolveMenuPath, visibleMenu } from '@/lib/contract/menu';
import { currentPageUser } from '@/lib/server/auth/page-session';

/** Sends the browser where a /app/main path leads for this user, or answers the page it names. */
export async function menuPageOrRedirect(section?: string, submenu?: string) {
  const user = await currentPageUser();
  if (!user) redirect('/app/login');
  const resolution = resolveMenuPath(visibleMenu(user.roles, user.features), section, submenu);
  if (resolution.kind === 'redirect') redirect(resolution.to);
  if (resolution.kind === 'notFound') notFound();
  return resolution;
}
