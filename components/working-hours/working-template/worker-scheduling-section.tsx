'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { AddressSearch } from '@/components/map/address-search';
import { Field, TextInput } from '@/components/ui/field';
import { useGeocoderConfigured } from '@/lib/client/console-config';
import { useSchedulingProblemText, type SchedulingProblem } from '@/lib/client/scheduling-problems';
import { maxTasksPerDayLimit } from '@/lib/contract/tenant-settings';
import type { SchedulingDraft, SchedulingState } from './use-worker-scheduling';

/**
 * The drawer's "Auto-schedule" part: where the worker sets out from (their own address, or the office when none)
 * and how many tasks a day auto-schedule may give them. The drawer's Save saves it with the template.
 */
export function WorkerSchedulingSection({
  state,
  problems,
  disabled,
  onChange,
}: {
  state: SchedulingState;
  problems: Record<string, SchedulingProblem>;
  disabled: boolean;
  onChange: (draft: SchedulingDraft) => void;
}) {
  const t = useTranslations('workerScheduling');
  const problemText = useSchedulingProblemText();
  const searchable = useGeocoderConfigured();

  let body;
  if (state.kind === 'loading') body = <p className="text-slate-500">{t('loading')}</p>;
  else if (state.kind === 'failed') body = <p className="text-red-600">{t('loadFailed')}</p>;
  else {
    const { draft, office } = state;
    const startProblem = problemText(problems['startLocation.address'] ?? problems['startLocation.latitude'] ?? problems['startLocation.longitude']);
    body = (
      <>
        <fieldset className="flex flex-col gap-2" disabled={disabled}>
          <legend className="mb-1 font-medium">{t('startLocation')}</legend>
          {draft.startLocation ? (
            <div className="flex items-start gap-2 rounded-md bg-slate-50 px-3 py-2">
              <p className="flex-1" data-testid="start-location">
                {t('ownStart', { address: draft.startLocation.address })}
              </p>
              <button
                type="button"
                className="inline-flex shrink-0 items-center gap-1 text-xs text-slate-500 hover:text-slate-800"
                onClick={() => onChange({ ...draft, startLocation: null })}
              >
                <X size={12} aria-hidden />
                {t('useOffice')}
              </button>
            </div>
          ) : (
            <p className="rounded-md bg-slate-50 px-3 py-2 text-slate-600" data-testid="start-location">
              {office ? t('office', { address: office.address }) : office === null ? t('noOffice') : null}
            </p>
          )}
          {searchable ? (
            <AddressSearch label={t('search')} onPick={(place) => onChange({ ...draft, startLocation: place })} />
          ) : (
            <p className="text-xs text-slate-500">{t('noSearch')}</p>
          )}
          {startProblem ? (
            <p role="alert" className="text-xs text-red-600">
              {startProblem}
            </p>
          ) : null}
        </fieldset>
        <Field label={t('maxTasksPerDay')} error={problemText(problems.maxTasksPerDay)}>
          <TextInput
            inputMode="numeric"
            value={draft.limit}
            invalid={problems.maxTasksPerDay !== undefined}
            disabled={disabled}
            placeholder={`1–${maxTasksPerDayLimit}`}
            onChange={(event) => onChange({ ...draft, limit: event.target.value })}
          />
        </Field>
        <p className="text-xs text-slate-500">{t('maxTasksHint')}</p>
      </>
    );
  }

  return (
    <section aria-labelledby="worker-scheduling-title" className="flex flex-col gap-3 border-t border-slate-200 pt-4 text-sm text-slate-700">
      <div>
        <h3 id="worker-scheduling-title" className="font-semibold text-slate-900">
          {t('title')}
        </h3>
        <p className="text-xs text-slate-500">{t('hint')}</p>
      </div>
      {body}
    </section>
  );
}
