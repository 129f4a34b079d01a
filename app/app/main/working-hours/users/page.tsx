import { redirect } from 'next/navigation';
import { AvailabilityScreen } from '@/components/working-hours/availability-screen';
import { currentPageCtx } from '@/lib/server/people/auth/page-session';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';
import { availabilityScreenStart } from '@/lib/server/scheduling/unavailability/screen';

/** Working hours → users: one worker's week of hours, read from the template or the saved records, and saved. */
export default async function WorkingHoursUsersPage() {
  await menuPageOrRedirect('working-hours', 'users');
  const ctx = await currentPageCtx();
  if (!ctx) redirect('/app/login');
  return <AvailabilityScreen start={await availabilityScreenStart(ctx)} />;
}
