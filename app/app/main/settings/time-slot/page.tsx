import { TimeSlotsList } from '@/components/time-slots/time-slots-list';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Settings → time slots (owner, users and billing managers, feature 3): the slots table and its drawer. */
export default async function TimeSlotSettingsPage() {
  await menuPageOrRedirect('settings', 'time-slot');
  return <TimeSlotsList />;
}
