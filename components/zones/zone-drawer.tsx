'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordDrawerTexts } from '@/components/record-drawer/record-drawer-texts';
import { localizeContractMessage } from '@/components/record-drawer/use-drawer-record';
import { useErrorsClearedOnChange } from '@/components/record-drawer/use-errors-cleared-on-change';
import { useRecordActions } from '@/components/record-drawer/use-record-actions';
import { Field, TextInput } from '@/components/ui/field';
import type { LatLng, LngLatBounds } from '@/lib/client/zones/outline';
import { defaultZoneColor, ZoneBody, zoneMessages, type ZoneView } from '@/lib/contract/zones';

const ZonePolygonEditor = dynamic(() => import('./zone-polygon-editor'), { ssr: false });

type ZoneFormValues = z.input<typeof ZoneBody>;

const formValuesOf = (view: ZoneView | null): ZoneFormValues => ({
  name: view?.name ?? '',
  color: view?.color ?? defaultZoneColor,
  points: view?.points ?? [],
});

const formFields = ['name', 'color', 'points'] as const;

/** Adds (zoneId null) or modifies a zone: its name, colour and the polygon drawn on the map (spec 03 §2.5, §5). */
export function ZoneDrawer({
  open,
  zoneId,
  mapStyleUrl,
  startBounds,
  onClose,
  onSaved,
  onDeleted,
}: {
  open: boolean;
  zoneId: number | null;
  mapStyleUrl: string | null;
  startBounds: LngLatBounds | null;
  onClose: () => void;
  onSaved?: (zone: ZoneView) => void;
  onDeleted?: (id: number) => void;
}) {
  const t = useTranslations('zones');
  const texts = useRecordDrawerTexts('zones');
  const formId = useId();
  const form = useForm<ZoneFormValues, unknown, ZoneBody>({
    resolver: zodResolver(ZoneBody),
    defaultValues: formValuesOf(null),
  });
  const { register, handleSubmit, reset, setError, setValue, control, formState } = form;
  useErrorsClearedOnChange(form);
  /** The outline the map starts from, and a number that gives the map a fresh start each time a record loads. */
  const [shape, setShape] = useState<{ version: number; points: LatLng[] }>({ version: 0, points: [] });
  const [color, points] = useWatch({ control, name: ['color', 'points'] });
  const editing = zoneId !== null;

  const { loading, busy, close, save, remove } = useRecordActions<ZoneView>({
    open,
    collection: 'zones',
    id: zoneId,
    namespace: 'zones',
    resetTo: (view) => {
      reset(formValuesOf(view));
      setShape((current) => ({ version: current.version + 1, points: view?.points ?? [] }));
    },
    onFieldError: (path, message) => {
      const field = formFields.find((name) => path === name || path.startsWith(`${name}.`));
      if (field) setError(field, { message });
    },
    onClose,
    onSaved,
    onDeleted,
  });

  const localize = (message: string | undefined) =>
    localizeContractMessage(
      message,
      {
        [zoneMessages.nameRequired]: t('messages.nameRequired'),
        [zoneMessages.colorInvalid]: t('messages.colorInvalid'),
        [zoneMessages.pointsRequired]: t('messages.pointsRequired'),
        [zoneMessages.pointsTooFew]: t('messages.pointsTooFew'),
        [zoneMessages.pointsTooMany]: t('messages.pointsTooMany'),
      },
      (max) => t('messages.tooLong', { max }),
    );

  const { errors } = formState;
  const corners = points?.length ?? 0;
  const pointsError = localize(errors.points?.message ?? errors.points?.root?.message);

  return (
    <RecordDrawer
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      formId={formId}
      texts={texts}
      loading={loading}
      dirty={formState.isDirty}
      editing={editing}
      busy={busy}
      onClose={close}
      onDelete={remove}
    >
      <form id={formId} noValidate onSubmit={handleSubmit((body) => save(body))} className="flex flex-col gap-4">
        <Field label={t('name')} error={localize(errors.name?.message)}>
          <TextInput invalid={Boolean(errors.name)} autoComplete="off" {...register('name')} />
        </Field>
        <Field label={t('color')} error={localize(errors.color?.message)}>
          <span className="flex items-center gap-2">
            <input
              type="color"
              className="h-9 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
              {...register('color')}
            />
            <span aria-hidden className="font-mono text-xs text-slate-500">
              {color}
            </span>
          </span>
        </Field>
        <div className="flex flex-col gap-1 text-sm text-slate-700">
          <span className="font-medium">{t('area')}</span>
          <p className="text-xs text-slate-500">{t('hint')}</p>
          <ZonePolygonEditor
            key={shape.version}
            styleUrl={mapStyleUrl}
            label={t('map')}
            initialPoints={shape.points}
            startBounds={startBounds}
            color={color ?? defaultZoneColor}
            clearLabel={t('clear')}
            onChange={(outline) => setValue('points', outline ?? [], { shouldDirty: true })}
          />
          <p aria-live="polite" className="text-xs text-slate-600">
            {corners > 0 ? t('corners', { count: corners }) : t('noPolygon')}
          </p>
          {pointsError ? (
            <span role="alert" className="text-xs text-red-600">
              {pointsError}
            </span>
          ) : null}
        </div>
      </form>
    </RecordDrawer>
  );
}
