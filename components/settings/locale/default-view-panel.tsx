'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/client/api';
import type { MapBounds, TenantSettingsView, UpdateTenantSettingsBody } from '@/lib/contract/tenant-settings';

const coordinate = (value: number) => value.toFixed(5);

/** Spec 03 §2.4: the map's current view becomes defaultMapBounds; Apply waits until the map has been moved. */
export function DefaultViewPanel({
  saved,
  view,
  moved,
  onSaved,
}: {
  saved: MapBounds | null;
  view: MapBounds | null;
  moved: boolean;
  onSaved: (settings: TenantSettingsView) => void;
}) {
  const t = useTranslations('localeSettings.bounds');
  const [saving, setSaving] = useState(false);

  const apply = async () => {
    if (!view) return;
    setSaving(true);
    const body: UpdateTenantSettingsBody = { defaultMapBounds: view };
    try {
      const settings = await api<TenantSettingsView>('settings', { method: 'PUT', json: body, quietStatuses: [400] });
      toast.success(t('saved'));
      onSaved(settings);
    } catch {
      toast.error(t('failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="default-view-title" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h2 id="default-view-title" className="font-semibold text-slate-900">
        {t('title')}
      </h2>
      <p className="text-slate-600">{t('hint')}</p>
      <p className="text-xs text-slate-500" data-testid="saved-map-view">
        {saved
          ? t('savedView', {
              south: coordinate(saved.southWest.lat),
              west: coordinate(saved.southWest.lng),
              north: coordinate(saved.northEast.lat),
              east: coordinate(saved.northEast.lng),
            })
          : t('noSavedView')}
      </p>
      <div>
        <Button onClick={() => void apply()} disabled={!moved || !view || saving}>
          {t('apply')}
        </Button>
      </div>
    </section>
  );
}
