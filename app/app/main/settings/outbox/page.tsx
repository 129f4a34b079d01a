import { OutboxList } from '@/components/outbox/outbox-list';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Settings → outbox (owner): the messages sent, waiting and failed. */
export default async function OutboxSettingsPage() {
  await menuPageOrRedirect('settings', 'outbox');
  return <OutboxList />;
}
