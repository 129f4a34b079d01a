'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { SettingsScreen, useDrawerTarget } from '@/components/settings/settings-screen';
import type { SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { Tag } from '@/components/ui/tag';
import { formatDate } from '@/lib/client/date-input';
import { apiKeyMarker, type ApiKeyView, type CreatedApiKeyView } from '@/lib/contract/api-keys';
import type { Role } from '@/lib/contract/roles';
import { ApiKeyDrawer } from './api-key-drawer';
import { CreatedKeyDialog } from './created-key-dialog';
import { KeyCell } from './key-cell';

/**
 * Settings → API keys (spec 03 §2.5): the tenant's keys, masked; one click opens a key's drawer. The whole key of a
 * key made in this visit is kept in memory only, so it can be shown and copied until the page is left.
 */
export function ApiKeysList({ heldRoles, tenantTimeZone }: { heldRoles: readonly Role[]; tenantTimeZone: string }) {
  const t = useTranslations('apiKeys.list');
  const tRoles = useTranslations('apiKeys.roleNames');
  const language = useLocale();
  const { rows, reload } = useSettingsRows<ApiKeyView>('key');
  const drawer = useDrawerTarget();
  const [created, setCreated] = useState<CreatedApiKeyView | null>(null);
  const [fullKeys, setFullKeys] = useState<Record<number, string>>({});
  const [shown, setShown] = useState<Record<number, boolean>>({});

  const columns: SettingsColumn<ApiKeyView>[] = [
    {
      id: 'name',
      header: t('name'),
      cell: (row) => row.nameApiKey,
      filterValue: (row) => row.nameApiKey,
      sortValue: (row) => row.nameApiKey.toLowerCase(),
    },
    {
      id: 'key',
      header: t('key'),
      cell: (row) => (
        <KeyCell
          row={row}
          fullKey={fullKeys[row.id]}
          shown={shown[row.id] ?? false}
          onToggle={() => setShown((current) => ({ ...current, [row.id]: !current[row.id] }))}
        />
      ),
      filterValue: (row) => row.keyPrefix,
    },
    {
      id: 'roles',
      header: t('roles'),
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.roles.map((role) => (
            <Tag key={role} colour="blue">
              {tRoles(role)}
            </Tag>
          ))}
        </span>
      ),
      filterValue: (row) => row.roles.map((role) => tRoles(role)).join(' '),
    },
    {
      id: 'expiry',
      header: t('expiry', { timeZone: tenantTimeZone }),
      cell: (row) => (
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          {row.expiry ? formatDate(row.expiry, language) : t('never')}
          {row.expired ? <Tag colour="red">{t('expired')}</Tag> : null}
        </span>
      ),
      filterValue: (row) => (row.expiry ? formatDate(row.expiry, language) : t('never')),
      // Keys that never expire sort after every date.
      sortValue: (row) => row.expiry ?? '9999-12-31',
    },
  ];

  return (
    <SettingsScreen
      namespace="apiKeys.list"
      hint={t('hint', { header: `Bearer ${apiKeyMarker}…` })}
      width="5xl"
      drawer={drawer}
      rows={rows}
      columns={columns}
      openOn="click"
      onRefresh={reload}
    >
      <ApiKeyDrawer
        open={drawer.open}
        keyId={drawer.id}
        heldRoles={heldRoles}
        tenantTimeZone={tenantTimeZone}
        onClose={drawer.close}
        onSaved={() => void reload()}
        onCreated={(key) => {
          setFullKeys((current) => ({ ...current, [key.id]: key.apiKey }));
          setCreated(key);
        }}
        onDeleted={() => void reload()}
      />
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
    </SettingsScreen>
  );
}
