'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Avatar } from '@/components/users/avatar';
import { AvatarCropDialog } from '@/components/users/avatar-crop-dialog';
import { PhoneCountrySelect } from '@/components/users/phone-country-select';
import { Button } from '@/components/ui/button';
import { Field, selectClass, TextInput } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { useForgetCurrentUserClock } from '@/lib/client/current-user';
import { useErrorText } from '@/lib/client/error-text';
import { languageNames, languages, type Language } from '@/lib/contract/languages';
import { profilePictureTypes, type ProfileInput, type ProfilePictureView } from '@/lib/contract/profile';

export interface ProfileUser {
  id: number;
  username: string;
  name: string;
  surname: string;
  phone: string | null;
  phoneCountryCode: string | null;
  preferredLanguage: Language;
  profilePictureId: number | null;
}

type Details = Required<{ [K in keyof ProfileInput]: NonNullable<ProfileInput[K]> }>;

function detailsOf(user: ProfileUser): Details {
  return {
    name: user.name,
    surname: user.surname,
    phoneCountryCode: user.phoneCountryCode ?? '',
    phone: user.phone ?? '',
    preferredLanguage: user.preferredLanguage,
  };
}

/** The user's picture and details; Update stays disabled until a field or the picture changed (spec 03 §2.3). */
export function ProfileForm({ user }: { user: ProfileUser }) {
  const t = useTranslations('profile');
  const router = useRouter();
  const forgetCurrentUserClock = useForgetCurrentUserClock();
  const errorText = useErrorText();
  const [saved, setSaved] = useState(() => detailsOf(user));
  const [details, setDetails] = useState(saved);
  const [pictureId, setPictureId] = useState(user.profilePictureId);
  const [cropSource, setCropSource] = useState<string | null>(null);
  const [picture, setPicture] = useState<{ blob: Blob; preview: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Details, string>>>({});
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => (picture ? URL.revokeObjectURL(picture.preview) : undefined), [picture]);
  useEffect(() => () => (cropSource ? URL.revokeObjectURL(cropSource) : undefined), [cropSource]);

  const changed = picture !== null || (Object.keys(details) as (keyof Details)[]).some((key) => details[key] !== saved[key]);
  const set = <K extends keyof Details>(key: K, value: Details[K]) => {
    setDetails((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  function validate(): boolean {
    const found: typeof errors = {};
    if (details.name.trim() === '') found.name = t('nameRequired');
    if (details.surname.trim() === '') found.surname = t('surnameRequired');
    if (details.phone.trim() !== '' && !/^[0-9 ()./-]+$/.test(details.phone.trim())) found.phone = t('phoneInvalid');
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function uploadPicture(blob: Blob) {
    const form = new FormData();
    form.append('file', new File([blob], 'profile-picture.png', { type: blob.type || 'image/png' }));
    const result = await api<ProfilePictureView>(`users/${user.id}/profile-picture`, { method: 'POST', body: form, quietStatuses: [413, 415] });
    setPictureId(result.id);
    setPicture(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed || !validate()) return;
    setBusy(true);
    try {
      if (picture) await uploadPicture(picture.blob);
      const fieldsChanged = (Object.keys(details) as (keyof Details)[]).some((key) => details[key] !== saved[key]);
      if (fieldsChanged) {
        await api('users/me', { method: 'PUT', json: details, quietStatuses: [400] });
        setSaved(details);
        forgetCurrentUserClock();
      }
      toast.success(t('saved'));
      // The shell's avatar and name, and the language of every text, come from the server's render.
      router.refresh();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 413 || error.status === 415)) toast.error(t('pictureRefused'));
      else if (error instanceof ApiError && error.status === 400) {
        // The server's problems onto their fields, in the user's language by their codes.
        const found: typeof errors = {};
        for (const [path, problems] of Object.entries(error.fields ?? {})) {
          const key = (Object.keys(details) as (keyof Details)[]).find((name) => name === path);
          if (key && problems[0]) found[key] = errorText(problems[0]);
        }
        setErrors(found);
        toast.error(t('invalidFields'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        {picture ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={picture.preview} alt={t('newPicture')} className="h-20 w-20 rounded-full object-cover" />
        ) : (
          <Avatar userId={user.id} pictureId={pictureId} name={saved.name} surname={saved.surname} size={80} />
        )}
        <div className="flex flex-col gap-1">
          <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
            {t('choosePicture')}
          </Button>
          <span className="text-xs text-slate-500">{t('pictureHint')}</span>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={profilePictureTypes.join(',')}
          className="hidden"
          aria-label={t('choosePicture')}
          data-testid="profile-picture-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) setCropSource(URL.createObjectURL(file));
          }}
        />
      </div>
      <AvatarCropDialog
        source={cropSource}
        onCancel={() => setCropSource(null)}
        onCropped={(blob) => {
          setPicture({ blob, preview: URL.createObjectURL(blob) });
          setCropSource(null);
        }}
      />
      <Field label={t('username')}>
        <TextInput value={user.username} readOnly disabled />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('name')} error={errors.name}>
          <TextInput value={details.name} invalid={Boolean(errors.name)} maxLength={200} onChange={(event) => set('name', event.target.value)} />
        </Field>
        <Field label={t('surname')} error={errors.surname}>
          <TextInput
            value={details.surname}
            invalid={Boolean(errors.surname)}
            maxLength={200}
            onChange={(event) => set('surname', event.target.value)}
          />
        </Field>
        <PhoneCountrySelect
          label={t('phoneCountryCode')}
          value={details.phoneCountryCode}
          error={errors.phoneCountryCode}
          onChange={(code) => set('phoneCountryCode', code)}
        />
        <Field label={t('phone')} error={errors.phone}>
          <TextInput
            value={details.phone}
            inputMode="tel"
            maxLength={30}
            invalid={Boolean(errors.phone)}
            onChange={(event) => set('phone', event.target.value)}
          />
        </Field>
        <Field label={t('preferredLanguage')} error={errors.preferredLanguage}>
          <select
            className={selectClass}
            value={details.preferredLanguage}
            onChange={(event) => set('preferredLanguage', event.target.value as Language)}
          >
            {languages.map((language) => (
              <option key={language} value={language}>
                {languageNames[language]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={!changed || busy}>
          {t('update')}
        </Button>
      </div>
    </form>
  );
}
