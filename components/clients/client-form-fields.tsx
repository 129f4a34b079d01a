'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { FieldPath, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { Field, TextInput } from '@/components/ui/field';
import type { ClientBody } from '@/lib/contract/clients';

export type ClientFormValues = z.input<typeof ClientBody>;

/** Every input of the form, so a field error the server names by path lands under its field. */
export const clientFieldPaths = [
  'displayName',
  'defaultContact.name',
  'defaultContact.surname',
  'defaultContact.phoneCountryCode',
  'defaultContact.phone',
  'defaultTaskLocation.address',
  'defaultTaskLocation.latitude',
  'defaultTaskLocation.longitude',
  'billingContact.name',
  'billingContact.surname',
  'billingContact.phoneCountryCode',
  'billingContact.phone',
  'billingContact.email',
  'billingContact.address',
] as const satisfies readonly FieldPath<ClientFormValues>[];
export type ClientFieldPath = (typeof clientFieldPaths)[number];

/**
 * A coordinate input's value as the form keeps it. The form also passes the stored number itself through here when
 * it registers the input of a client that has coordinates, so a number is kept as it is (it used to crash the drawer).
 */
const emptyToNull = (value: string | number | null | undefined) => {
  if (typeof value === 'number') return value;
  return value === null || value === undefined || value.trim() === '' ? null : Number(value);
};

/** The client form's inputs in the spec's groups: the client, its default contact and location, its billing contact. */
export function ClientFormFields({
  register,
  errorOf,
}: {
  register: UseFormRegister<ClientFormValues>;
  /** The field's error, already in the user's language. */
  errorOf: (path: ClientFieldPath) => string | undefined;
}) {
  const t = useTranslations('clientDrawer');

  const text = (path: ClientFieldPath, label: string, type: 'text' | 'email' | 'tel' = 'text') => {
    const error = errorOf(path);
    return (
      <Field label={label} error={error}>
        <TextInput type={type} invalid={Boolean(error)} autoComplete="off" {...register(path)} />
      </Field>
    );
  };

  const coordinate = (path: 'defaultTaskLocation.latitude' | 'defaultTaskLocation.longitude', label: string) => {
    const error = errorOf(path);
    return (
      <Field label={label} error={error}>
        <TextInput type="number" step="any" invalid={Boolean(error)} {...register(path, { setValueAs: emptyToNull })} />
      </Field>
    );
  };

  const phone = (group: 'defaultContact' | 'billingContact') => (
    <div className="grid grid-cols-[7rem_1fr] gap-3">
      {text(`${group}.phoneCountryCode`, t('phoneCountryCode'), 'tel')}
      {text(`${group}.phone`, t('phone'), 'tel')}
    </div>
  );

  return (
    <div className="flex flex-col gap-5">
      {text('displayName', t('displayName'))}
      <Group legend={t('defaultContact')}>
        <div className="grid grid-cols-2 gap-3">
          {text('defaultContact.name', t('name'))}
          {text('defaultContact.surname', t('surname'))}
        </div>
        {phone('defaultContact')}
      </Group>
      <Group legend={t('defaultTaskLocation')}>
        {text('defaultTaskLocation.address', t('address'))}
        <div className="grid grid-cols-2 gap-3">
          {coordinate('defaultTaskLocation.latitude', t('latitude'))}
          {coordinate('defaultTaskLocation.longitude', t('longitude'))}
        </div>
      </Group>
      <Group legend={t('billingContact')}>
        <div className="grid grid-cols-2 gap-3">
          {text('billingContact.name', t('name'))}
          {text('billingContact.surname', t('surname'))}
        </div>
        {phone('billingContact')}
        {text('billingContact.email', t('email'), 'email')}
        {text('billingContact.address', t('address'))}
      </Group>
    </div>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 px-3 pt-1 pb-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {children}
    </fieldset>
  );
}
