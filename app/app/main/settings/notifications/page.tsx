import { NotificationsList } from '@/components/notifications/notifications-list';
import { Feature } from '@/lib/contract/features';
import { currentPageCtx } from '@/lib/server/people/auth/page-session';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Settings → notifications: the rules of which message to send to whom, and when. */
export default async function NotificationsSettingsPage() {
  await menuPageOrRedirect('settings', 'notifications');
  const ctx = await currentPageCtx();
  return <NotificationsList trackingLink={ctx?.features.includes(Feature.trackingLink) ?? false} />;
}
