'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { MapBounds, TenantSettingsView } from '@/lib/contract/tenant-settings';
import { DefaultViewPanel } from './default-view-panel';
import type { MapFocus } from './locale-map';
import { draftOf, OfficeLocationPanel, type OfficeDraft } from './office-location-panel';

// WebGL and the worker exist only in the browser; a failing map must leave the rest of the screen usable.
const LocaleMap = dynamic(() => import('./locale-map'), { ssr: false });

/** Settings → locale (owner): the maps' default view and the office location auto-schedule starts workers from. */
export function LocaleSettings({ initial, mapStyleUrl }: { initial: TenantSettingsView; mapStyleUrl: string | null }) {
  const t = useTranslations('localeSettings');
  const [settings, setSettings] = useState(initial);
  const [view, setView] = useState<MapBounds | null>(null);
  const [moved, setMoved] = useState(false);
  const [office, setOffice] = useState<OfficeDraft>(() => draftOf(initial.officeLocation));
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const marker = office.latitude !== null && office.longitude !== null ? { latitude: office.latitude, longitude: office.longitude } : null;

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-3 p-4">
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <LocaleMap
          styleUrl={mapStyleUrl}
          initialBounds={initial.defaultMapBounds}
          office={marker}
          focus={focus}
          label={t('mapLabel')}
          onView={setView}
          onUserMove={() => setMoved(true)}
          onPick={(latitude, longitude) => setOffice((draft) => ({ ...draft, latitude, longitude }))}
        />
        <div className="flex flex-col gap-4">
          <DefaultViewPanel
            saved={settings.defaultMapBounds}
            view={view}
            moved={moved}
            onSaved={(next) => {
              setSettings(next);
              setMoved(false);
            }}
          />
          <OfficeLocationPanel
            saved={settings.officeLocation}
            draft={office}
            onDraft={setOffice}
            onFound={(place) => {
              setOffice(place);
              // Flying there is a move like any other: the view it ends on may become the default one.
              setFocus((previous) => ({ latitude: place.latitude, longitude: place.longitude, seq: (previous?.seq ?? 0) + 1 }));
              setMoved(true);
            }}
            onSaved={(next) => {
              setSettings(next);
              setOffice(draftOf(next.officeLocation));
            }}
          />
        </div>
      </div>
    </section>
  );
}
