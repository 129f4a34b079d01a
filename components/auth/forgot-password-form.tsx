'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { apiBase, showGlobalNotice } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import type { ApiErrorBody } from '@/lib/contract/errors';
import { emailSentAnswer, forgotPasswordEmail } from '@/lib/contract/password-reset';
import { codedParse, problemOfIssue } from '@/lib/contract/problems';

type ForgotError = 'emailRequired' | 'emailInvalid';

/** The contract's check of the field, by its code, as the key of the page's own words for it. */
function emailError(email: string): ForgotError | undefined {
  const result = forgotPasswordEmail.safeParse(email, codedParse);
  if (result.success) return undefined;
  const first = result.error.issues[0];
  return first && problemOfIssue(first).code === 'validation.required' ? 'emailRequired' : 'emailInvalid';
}

/**
 * The e-mail field and Send reset link (spec 03 §2.1, §5): required and valid, checked on leaving the field and on
 * sending. POST forgot-password answers plain text, not JSON, so it is called with fetch rather than api().
 */
export function ForgotPasswordForm() {
  const t = useTranslations('passwordReset.forgot');
  const router = useRouter();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = touched ? emailError(email) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (emailError(email) || busy) return;
    setBusy(true);
    try {
      const response = await fetch(`${apiBase}forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email.trim() }),
        credentials: 'same-origin',
      });
      if (response.ok && (await response.text()) === emailSentAnswer) {
        toast.success(t('sent'));
        router.push(`/app/check-email?email=${encodeURIComponent(email.trim())}`);
        return;
      }
      const refusal = ((await response.json().catch(() => null)) as ApiErrorBody | null)?.error;
      // 404: passwordReset.unknownUsername, in the user's language by its code.
      if (response.status === 404 && refusal) toast.error(errorText(refusal));
      else if (response.status === 429) toast.error(t('tooManyRequests'));
      else if (response.status === 400) setTouched(true);
      else toast.error(t('failed'));
    } catch {
      showGlobalNotice('connectivity');
    }
    setBusy(false);
  }

  return (
    <>
      <h1 className="mb-2 text-lg font-semibold">{t('title')}</h1>
      <p className="mb-4 text-sm text-slate-600">{t('intro')}</p>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <Field label={t('email')} error={error ? t(error) : undefined}>
          <TextInput
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            invalid={Boolean(error)}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={() => setTouched(true)}
            autoFocus
          />
        </Field>
        <Button type="submit" disabled={busy}>
          {t('submit')}
        </Button>
        <Link href="/app/login" className="text-center text-sm text-brand hover:underline">
          {t('backToLogin')}
        </Link>
      </form>
    </>
  );
}
