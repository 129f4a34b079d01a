'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { AddressSearch } from '@/components/map/address-search';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { useGeocoderConfigured } from '@/lib/client/console-config';
import {
  issuesByField,
  schedulingProblems,
  useSchedulingProblemText,
  type SchedulingProblem,
} from '@/lib/client/scheduling-problems';
import type { GeocodeResult } from '@/lib/contract/geocode';
import { codedParse } from '@/lib/contract/problems';
import { StartLocation, type TenantSettingsView, type UpdateTenantSettingsBody } from '@/lib/contract/tenant-settings';

/** The office being edited: coordinates stay empty until a search result or a click on the map gives them. */
export interface OfficeDraft {
  address: string;
  latitude: number | null;
  longitude: number | null;
}

export const draftOf = (office: StartLocation | null): OfficeDraft => office ?? { address: '', latitude: null, longitude: null };

const sameDraft = (a: OfficeDraft, b: OfficeDraft) =>
  a.address.trim() === b.address.trim() && a.latitude === b.latitude && a.longitude === b.longitude;

/**
 * Where workers without a start location of their own set out from (auto-schedule). The address comes from the
 * search or is written by hand; the marker from the search or a click on the map (the screen's map, beside this).
 */
export function OfficeLocationPanel({
  saved,
  draft,
  onDraft,
  onFound,
  onSaved,
}: {
  saved: StartLocation | null;
  draft: OfficeDraft;
  onDraft: (draft: OfficeDraft) => void;
  onFound: (place: GeocodeResult) => void;
  onSaved: (settings: TenantSettingsView) => void;
}) {
  const t = useTranslations('localeSettings.office');
  const searchable = useGeocoderConfigured();
  const problemText = useSchedulingProblemText();
  const [problems, setProblems] = useState<Record<string, SchedulingProblem>>({});
  const [saving, setSaving] = useState(false);

  const put = async (body: UpdateTenantSettingsBody, done: string) => {
    setSaving(true);
    try {
      const settings = await api<TenantSettingsView>('settings', { method: 'PUT', json: body, quietStatuses: [400] });
      setProblems({});
      toast.success(done);
      onSaved(settings);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setProblems(schedulingProblems(error.fields, 'officeLocation.'));
      toast.error(t('failed'));
    } finally {
      setSaving(false);
    }
  };

  const save = () => {
    const checked = StartLocation.safeParse(draft, codedParse);
    if (!checked.success) {
      setProblems(schedulingProblems(issuesByField(checked.error)));
      return;
    }
    void put({ officeLocation: checked.data }, t('saved'));
  };

  const markerProblem = problemText(problems.latitude ?? problems.longitude);

  return (
    <section aria-labelledby="office-title" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
      <h2 id="office-title" className="font-semibold text-slate-900">
        {t('title')}
      </h2>
      <p className="text-slate-600">{t('hint')}</p>
      <AddressSearch label={t('search')} disabled={saving} onPick={onFound} />
      <p className="text-xs text-slate-500">{searchable ? t('mapHint') : t('mapHintNoSearch')}</p>
      <Field label={t('address')} error={problemText(problems.address)}>
        <TextInput
          value={draft.address}
          maxLength={500}
          invalid={problems.address !== undefined}
          disabled={saving}
          onChange={(event) => onDraft({ ...draft, address: event.target.value })}
        />
      </Field>
      <p className="text-xs text-slate-500">
        {draft.latitude !== null && draft.longitude !== null
          ? t('coordinates', { latitude: draft.latitude.toFixed(5), longitude: draft.longitude.toFixed(5) })
          : t('noMarker')}
      </p>
      {markerProblem ? (
        <p role="alert" className="text-xs text-red-600">
          {markerProblem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={save} disabled={saving || (saved !== null && sameDraft(draft, saved))}>
          {t('save')}
        </Button>
        <Button variant="secondary" onClick={() => void put({ officeLocation: null }, t('cleared'))} disabled={saving || saved === null}>
          {t('clear')}
        </Button>
      </div>
    </section>
  );
}
