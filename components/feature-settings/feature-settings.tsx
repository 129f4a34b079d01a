'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { isConflict } from '@/components/record-drawer/use-drawer-record';
import { api } from '@/lib/client/api';
import { settingsKeys } from '@/lib/client/query-keys';
import type { FeatureView } from '@/lib/contract/features';
import type { TenantFeatureView } from '@/lib/contract/reference-data';
import { Switch } from '@/components/ui/switch';

interface FeatureState {
  catalogue: FeatureView[];
  enabled: number[];
}

const enabledIds = (features: TenantFeatureView[]) => features.map((feature) => feature.feature.id);

async function readFeatures(): Promise<FeatureState> {
  const [catalogue, tenantFeatures] = await Promise.all([api<FeatureView[]>('features'), api<TenantFeatureView[]>('tenant_feature')]);
  return { catalogue, enabled: enabledIds(tenantFeatures) };
}

/**
 * Settings → feature settings (owner): one switch per feature of the catalogue with what it turns on. A switch
 * calls POST or DELETE tenant_feature/{id}; the shell is then rendered again, so the menu and every form read the
 * new features at once.
 */
export function FeatureSettings() {
  const t = useTranslations('featureSettings');
  const router = useRouter();
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState<number | null>(null);
  const { data: state = null, refetch } = useQuery({ queryKey: settingsKeys.features, queryFn: readFeatures });

  const toggle = async (feature: FeatureView, on: boolean) => {
    const name = t(`names.${feature.id}`);
    setSwitching(feature.id);
    try {
      const features = await api<TenantFeatureView[]>(`tenant_feature/${feature.id}`, { method: on ? 'POST' : 'DELETE' });
      queryClient.setQueryData<FeatureState>(settingsKeys.features, (current) => (current ? { ...current, enabled: enabledIds(features) } : current));
      toast.success(t(on ? 'enabled' : 'disabled', { feature: name }));
    } catch (error) {
      // Someone else switched it meanwhile: say so, and show the switch as it now stands.
      if (isConflict(error)) toast.warning(t(on ? 'alreadyOn' : 'alreadyOff', { feature: name }));
      else toast.error(t('failed', { feature: name }));
      await refetch();
    } finally {
      setSwitching(null);
      // The menu comes from the server layout: render it again with the tenant's features as they now are.
      router.refresh();
    }
  };

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-3 p-4">
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <p className="text-xs text-slate-500">{t('hint')}</p>
      {state === null ? (
        <p className="text-sm text-slate-500">{t('loading')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label={t('title')}>
          {state.catalogue.map((feature) => {
            const on = state.enabled.includes(feature.id);
            const infoId = `feature-info-${feature.id}`;
            return (
              <li key={feature.id} className="flex items-start gap-4 p-4">
                <div className="flex flex-1 flex-col gap-1">
                  <span className="text-sm font-medium text-slate-900">{t(`names.${feature.id}`)}</span>
                  <p id={infoId} className="text-xs text-slate-600">
                    {t(`info.${feature.id}`)}
                  </p>
                </div>
                <span className="inline-flex items-center gap-2">
                  <Switch
                    checked={on}
                    disabled={switching !== null}
                    aria-label={t(`names.${feature.id}`)}
                    aria-describedby={infoId}
                    onCheckedChange={(next) => void toggle(feature, next)}
                  />
                  <span className="w-20 text-xs text-slate-600">{on ? t('on') : t('off')}</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
