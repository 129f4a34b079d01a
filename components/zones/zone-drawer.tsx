'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordForm } from '@/components/record-drawer/use-record-form';
import { Field, TextInput } from '@/components/ui/field';
import type { LatLng, LngLatBounds } from '@/lib/client/zones/outline';
import { defaultZoneColor, ZoneBody, type ZoneView } from '@/lib/contract/zones';

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
  /** The outline the map starts from, and a number that gives the map a fresh start each time a record loads. */
  const [shape, setShape] = useState<{ version: number; points: LatLng[] }>({ version: 0, points: [] });
  const { form, submit, frame } = useRecordForm<ZoneFormValues, ZoneBody, ZoneView>({
    schema: ZoneBody,
    valuesOf: formValuesOf,
    fields: formFields,
    onReset: (view) => setShape((current) => ({ version: current.version + 1, points: view?.points ?? [] })),
    open,
    collection: 'zones',
    id: zoneId,
    namespace: 'zones',
    // A name already taken (409) is said beside the name, by its code.
    fieldErrorStatuses: [400, 409],
    onClose,
    onSaved,
    onDeleted,
  });
  const { register, setValue, control, formState } = form;
  const [color, points] = useWatch({ control, name: ['color', 'points'] });

  const { errors } = formState;
  const corners = points?.length ?? 0;
  const pointsError = errors.points?.message ?? errors.points?.root?.message;

  return (
    <RecordDrawer {...frame}>
      <form id={frame.formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('name')} error={errors.name?.message}>
          <TextInput invalid={Boolean(errors.name)} autoComplete="off" {...register('name')} />
        </Field>
        <Field label={t('color')} error={errors.color?.message}>
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
