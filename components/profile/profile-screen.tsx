'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { PasswordChangeForm } from '@/components/users/password-change-form';
import { ProfileForm, type ProfileUser } from './profile-form';
import { TimeFormatSwitch, TimeZoneSetting } from './time-settings';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** Settings → profile, for every user: details and picture, time preferences, password. */
export function ProfileScreen({
  user,
  preferredTimeFormat,
  timeZone,
}: {
  user: ProfileUser;
  preferredTimeFormat: boolean;
  timeZone: string;
}) {
  const t = useTranslations('profile');
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <Card title={t('details')}>
        <ProfileForm user={user} />
      </Card>
      <Card title={t('time')}>
        <TimeFormatSwitch initial={preferredTimeFormat} />
        <TimeZoneSetting initial={timeZone} />
      </Card>
      <Card title={t('password')}>
        <PasswordChangeForm />
      </Card>
    </div>
  );
}
