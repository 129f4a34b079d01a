'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { PasswordChangeForm } from '@/components/users/password-change-form';

/**
 * A first sign-in with the password someone else set: the user must choose their own before using the app. The
 * dialog has no close button and ignores Escape and clicks outside (spec 03 §2.2); changing the password clears
 * first_login on the server, and the refreshed shell no longer mounts it.
 */
export function FirstLoginModal() {
  const t = useTranslations('passwordChange');
  const router = useRouter();
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} onClose={() => undefined} dismissible={false} title={t('firstLoginTitle')} width={420}>
      <p className="mb-3 text-sm text-slate-600">{t('firstLoginHint')}</p>
      <PasswordChangeForm
        onChanged={() => {
          setOpen(false);
          router.refresh();
        }}
      />
    </Modal>
  );
}
