import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { resolveMenuPath, visibleMenu } from '@/lib/contract/menu';
import { landsOnWorkerView, workerViewPath } from '@/lib/contract/roles';
import { currentPageUser } from '@/lib/server/people/auth/page-session';

/** Sends the browser where a /app/main path leads for this user, or answers the page it names. */
export async function menuPageOrRedirect(section?: string, submenu?: string) {
  const user = await currentPageUser();
  if (!user) redirect('/app/login');
  // /app/main itself (where sign-in sends everyone) takes a worker without an office role to the workers' view.
  if (!section && landsOnWorkerView(user.roles)) redirect(workerViewPath);
  const resolution = resolveMenuPath(visibleMenu(user.roles, user.features), section, submenu);
  if (resolution.kind === 'redirect') redirect(resolution.to);
  if (resolution.kind === 'notFound') notFound();
  return resolution;
}
