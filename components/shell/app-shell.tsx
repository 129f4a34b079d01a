'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Plus, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { setGlobalNoticeTexts, setRefusalText, setUnauthorizedHandler } from '@/lib/client/api';
import { isCatalogued } from '@/lib/contract/problems';
import { useErrorText } from '@/lib/client/error-text';
import { useTaskStream } from '@/lib/client/live-updates';
import type { VisibleSection } from '@/lib/contract/menu';
import { canUseWorkerView, type Role } from '@/lib/contract/roles';
import { FirstLoginModal } from './first-login-modal';
import { MobileMenu } from './mobile-menu';
import { SectionLinks } from './section-links';
import { UserMenu } from './user-menu';

interface ShellUser {
  id: number;
  name: string;
  surname: string;
  roles: Role[];
  profilePictureId: number | null;
  firstLogin: boolean;
}

const desktopLinkClass = (active: boolean) =>
  `flex items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap ${
    active ? 'bg-brand/10 font-medium text-brand' : 'text-slate-600 hover:bg-slate-100'
  }`;

function subscribeOnline(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

export function AppShell({
  user,
  menu,
  version,
  children,
}: {
  user: ShellUser;
  menu: VisibleSection[];
  version: string;
  children: ReactNode;
}) {
  const t = useTranslations();
  const pathname = usePathname();
  const router = useRouter();
  const [, section, submenu] = pathname.replace(/^\/app\/main\/?/, '/').split('/');
  const activeSection = menu.find((entry) => entry.key === section);
  const online = useOnline();
  const [signingOut, setSigningOut] = useState(false);
  const errorText = useErrorText();

  const signOutLocally = useCallback(() => {
    setSigningOut(true);
    router.replace('/app/login');
  }, [router]);

  useEffect(() => {
    setRefusalText((error) => (isCatalogued(error.code) ? errorText(error) : null));
  }, [errorText]);

  useEffect(() => {
    setUnauthorizedHandler(signOutLocally);
    setGlobalNoticeTexts({
      connectivity: t('errors.connectivity'),
      forbidden: t('errors.forbidden'),
      passwordChangeRequired: t('errors.passwordChangeRequired'),
      generic: t('errors.generic'),
      tooLarge: t('errors.tooLarge'),
    });
  }, [signOutLocally, t]);

  // The API refuses the stream until a first-login user has chosen their password; the refreshed shell opens it.
  const streams = user.roles.includes('tasksManager') && !user.firstLogin;
  const syncStatus = useTaskStream(streams && !signingOut, signOutLocally);
  const banner = !online ? t('nav.offline') : syncStatus !== 'ok' ? t('nav.syncProblem') : null;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="flex min-h-14 items-center gap-2 border-b border-slate-200 bg-white px-2 py-1 sm:px-3">
        <MobileMenu menu={menu} activeSection={activeSection?.key} />
        <Link href="/app/main" className="flex shrink-0 items-center gap-2 font-semibold text-brand min-[1254px]:mr-4">
          <span className="flex h-7 w-7 items-center justify-center rounded bg-brand text-white" aria-hidden>
            F
          </span>
          <span className="hidden sm:inline">{t('common.appName')}</span>
        </Link>
        {/* Longer languages (Italian, French) need more than one row beside the logo and Add task: the links wrap. */}
        <nav aria-label={t('nav.mainMenu')} className="hidden min-w-0 flex-1 flex-wrap items-center gap-1 min-[1254px]:flex">
          <SectionLinks menu={menu} activeSection={activeSection?.key} linkClassName={desktopLinkClass} />
        </nav>
        <div className="flex-1 min-[1254px]:hidden" />
        {user.roles.includes('tasksManager') ? (
          <Link
            href="/app/main/tasks/scheduled?task=new"
            className="flex shrink-0 items-center gap-1 rounded-md bg-brand px-3 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-brand-dark"
          >
            <Plus size={16} aria-hidden />
            {t('nav.addTask')}
          </Link>
        ) : null}
        <UserMenu
          userId={user.id}
          pictureId={user.profilePictureId}
          name={user.name}
          surname={user.surname}
          version={version}
          workerView={canUseWorkerView(user.roles)}
        />
      </header>
      {banner ? (
        <div role="status" className="flex items-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-900">
          <WifiOff size={16} aria-hidden /> {banner}
        </div>
      ) : null}
      {activeSection && activeSection.submenus.length > 1 ? (
        <nav
          aria-label={t(`menu.${activeSection.key}` as 'menu.tasks')}
          className="flex flex-wrap gap-x-1 border-b border-slate-200 bg-white px-3"
        >
          {activeSection.submenus.map((key) => (
            <Link
              key={key}
              href={`/app/main/${activeSection.key}/${key}`}
              aria-current={key === submenu ? 'page' : undefined}
              className={`border-b-2 px-3 py-2 text-sm whitespace-nowrap ${
                key === submenu ? 'border-brand font-medium text-brand' : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
            >
              {t(`submenu.${key}` as 'submenu.all')}
            </Link>
          ))}
        </nav>
      ) : null}
      <main className="flex-1 p-4">{children}</main>
      {user.firstLogin ? <FirstLoginModal /> : null}
    </div>
  );
}
