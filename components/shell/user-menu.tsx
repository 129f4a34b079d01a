'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, CircleUser, Globe, LogOut, Smartphone } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Avatar } from '@/components/users/avatar';
import { initialsOf } from '@/lib/contract/person-name';
import { api } from '@/lib/client/api';
import { useForgetCurrentUserClock } from '@/lib/client/current-user';
import { expectStreamEndForSignOut } from '@/lib/client/live-updates';
import { languageNames, languages, type Language } from '@/lib/contract/languages';
import { workerViewPath } from '@/lib/contract/roles';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

export function UserMenu({
  userId,
  pictureId,
  name,
  surname,
  version,
  workerView = false,
}: {
  userId: number;
  pictureId: number | null;
  name: string;
  surname: string;
  version: string;
  /** The user holds the assignee role: the menu links to the workers' own view. */
  workerView?: boolean;
}) {
  const t = useTranslations('nav');
  const tCommon = useTranslations('common');
  const locale = useLocale();
  const router = useRouter();
  const forgetCurrentUserClock = useForgetCurrentUserClock();

  async function changeLanguage(language: Language) {
    await api('users/me/preferences', { method: 'PATCH', json: { preferredLanguage: language } });
    forgetCurrentUserClock();
    router.refresh();
  }

  async function logOut() {
    // The server ends the live stream with the session: that is no reason to send the user to the login page.
    expectStreamEndForSignOut();
    try {
      await api('logout', { method: 'POST' });
      router.replace('/app/signed-out');
    } catch {
      expectStreamEndForSignOut(false);
      toast.error(t('logoutFailed'));
    }
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        // Without a picture the button shows the initials: its name includes them (WCAG 2.5.3, label in name).
        aria-label={pictureId ? t('userMenu') : t('userMenuWithInitials', { initials: initialsOf(name, surname) })}
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full outline-none focus:ring-2 focus:ring-brand/40"
      >
        <Avatar userId={userId} pictureId={pictureId} name={name} surname={surname} size={36} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <div className="px-3 py-2 text-sm font-medium text-slate-900">
            {name} {surname}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={() => router.push('/app/main/settings/profile')}>
            <CircleUser size={16} /> {t('profile')}
          </DropdownMenu.Item>
          {workerView ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => router.push(workerViewPath)}>
              <Smartphone size={16} /> {t('workerView')}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Label className="flex items-center gap-2 px-3 py-1 text-xs font-medium text-slate-500">
            <Globe size={14} /> {t('language')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={locale} onValueChange={(value) => void changeLanguage(value as Language)}>
            {languages.map((language) => (
              <DropdownMenu.RadioItem key={language} value={language} className={itemClass}>
                <span className="w-4">
                  <DropdownMenu.ItemIndicator>
                    <Check size={14} />
                  </DropdownMenu.ItemIndicator>
                </span>
                {languageNames[language]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void logOut()}>
            <LogOut size={16} /> {t('logout')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <div className="px-3 py-1 text-xs text-slate-500">{tCommon('version', { version })}</div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
