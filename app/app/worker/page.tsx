import { redirect } from 'next/navigation';
import { WorkerApp } from '@/components/worker/worker-app';
import { landsOnWorkerView } from '@/lib/contract/roles';
import { currentPageUser } from '@/lib/server/people/auth/page-session';

/** The workers' own view; the opened task lives in `?task=<id>` so the page works from its offline copy too. */
export default async function WorkerPage() {
  const user = await currentPageUser();
  if (!user) redirect('/app/login');
  return (
    <WorkerApp
      user={{ id: user.id, name: user.name, surname: user.surname, firstLogin: user.firstLogin }}
      tenantTimeZone={user.tenantTimeZone}
      clock={{ twentyFourHour: user.preferredTimeFormat, timeZone: user.timeZone ?? user.tenantTimeZone }}
      officeUser={!landsOnWorkerView(user.roles)}
    />
  );
}
