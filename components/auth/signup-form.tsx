'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { api, ApiError } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import { companySizes, industries, passwordLength } from '@/lib/contract/auth';
import { Button } from '@/components/ui/button';
import { Field, TextInput, selectClass } from '@/components/ui/field';

const textFields = ['name', 'surname', 'company'] as const;
type FormState = Record<(typeof textFields)[number] | 'industry' | 'companySize' | 'email' | 'password' | 'confirmPassword', string>;
type Errors = Partial<Record<keyof FormState | 'acceptTerms', string>>;

const empty: FormState = { name: '', surname: '', company: '', industry: '', companySize: '', email: '', password: '', confirmPassword: '' };

export function SignupForm() {
  const t = useTranslations('signup');
  const router = useRouter();
  const errorText = useErrorText();
  const [form, setForm] = useState<FormState>(empty);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  const set = (key: keyof FormState) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  function validate(): Errors {
    const found: Errors = {};
    for (const key of [...textFields, 'industry', 'companySize', 'email', 'password', 'confirmPassword'] as const) {
      if (form[key].trim() === '') found[key] = t('errors.required', { field: t(key) });
    }
    if (!found.email && !z.email().safeParse(form.email.trim()).success) found.email = t('errors.invalidEmail');
    if (!found.password && (form.password.length < passwordLength.min || form.password.length > passwordLength.max)) {
      found.password = t('errors.passwordLength');
    }
    if (!found.confirmPassword && form.confirmPassword !== form.password) found.confirmPassword = t('errors.passwordsDoNotMatch');
    if (!acceptTerms) found.acceptTerms = t('errors.acceptTerms');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || submitting) return;
    setSubmitting(true);
    try {
      const { confirmPassword: _confirm, ...body } = form;
      await api('signup', { method: 'POST', json: { ...body, email: body.email.trim() }, quietStatuses: [400] });
      router.replace('/app/main');
      router.refresh();
    } catch (failure) {
      // 409 signup.emailTaken; 400 the fields' problems: each in the user's language by its code.
      if (failure instanceof ApiError && failure.status === 409) setErrors({ email: errorText(failure) });
      else if (failure instanceof ApiError && failure.fields) {
        const fields = Object.entries(failure.fields).flatMap(([key, problems]) => (problems[0] ? [[key, errorText(problems[0])]] : []));
        setErrors(Object.fromEntries(fields));
      }
      setSubmitting(false);
    }
  }

  const input = (key: keyof FormState, type = 'text', autoComplete?: string) => (
    <Field label={t(key)} error={errors[key]}>
      <TextInput name={key} type={type} autoComplete={autoComplete} value={form[key]} invalid={Boolean(errors[key])} onChange={(e) => set(key)(e.target.value)} />
    </Field>
  );

  return (
    <>
      <h1 className="mb-4 text-lg font-semibold">{t('title')}</h1>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <div className="grid grid-cols-2 gap-3">
          {input('name', 'text', 'given-name')}
          {input('surname', 'text', 'family-name')}
        </div>
        {input('company', 'text', 'organization')}
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('industry')} error={errors.industry}>
            <select name="industry" className={selectClass} value={form.industry} onChange={(e) => set('industry')(e.target.value)}>
              <option value="">{t('select')}</option>
              {industries.map((industry) => (
                <option key={industry} value={industry}>
                  {t(`industries.${industry}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('companySize')} error={errors.companySize}>
            <select name="companySize" className={selectClass} value={form.companySize} onChange={(e) => set('companySize')(e.target.value)}>
              <option value="">{t('select')}</option>
              {companySizes.map((size) => (
                <option key={size} value={size}>
                  {t(`companySizes.${size}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {input('email', 'email', 'email')}
        {input('password', 'password', 'new-password')}
        {input('confirmPassword', 'password', 'new-password')}
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" name="acceptTerms" checked={acceptTerms} onChange={(e) => setAcceptTerms(e.target.checked)} className="mt-1" />
          <span>
            {t.rich('acceptTerms', {
              terms: (chunks) => <Link href="/terms-of-use" className="text-brand underline">{chunks}</Link>,
              privacy: (chunks) => <Link href="/privacy-policy" className="text-brand underline">{chunks}</Link>,
            })}
          </span>
        </label>
        {errors.acceptTerms ? <span role="alert" className="text-xs text-red-600">{errors.acceptTerms}</span> : null}
        <Button type="submit" disabled={submitting}>
          {t('submit')}
        </Button>
        <p className="text-center text-sm text-slate-600">
          {t('haveAccount')}{' '}
          <Link href="/app/login" className="text-brand underline">
            {t('logIn')}
          </Link>
        </p>
      </form>
    </>
  );
}
