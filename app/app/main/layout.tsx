import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { TaskDrawerMount } from '@/components/tasks/drawer/task-drawer-mount';
import { ConsoleConfigProvider } from '@/lib/client/console-config';
import { visibleMenu } from '@/lib/contract/menu';
import { productVersion } from '@/lib/contract/version';
import { currentPageUser } from '@/lib/server/people/auth/page-session';
import { consoleConfig } from '@/lib/server/screens/console-config';

export const dynamic = 'force-dynamic';

export default async function MainLayout({ children }: { children: ReactNode }) {
  const user = await currentPageUser();
  if (!user) redirect('/app/login');
  return (
    <ConsoleConfigProvider value={consoleConfig(user.features)}>
      <AppShell
        user={{
          id: user.id,
          name: user.name,
          surname: user.surname,
          roles: user.roles,
          profilePictureId: user.profilePictureId,
          firstLogin: user.firstLogin,
        }}
        menu={visibleMenu(user.roles, user.features)}
        version={productVersion}
      >
        {children}
        <TaskDrawerMount />
      </AppShell>
    </ConsoleConfigProvider>
  );
}
