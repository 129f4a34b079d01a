'use client';

import { Map as MapIcon } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SettingsScreen, useDrawerTarget } from '@/components/settings/settings-screen';
import type { SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import type { LngLatBounds } from '@/lib/client/zones/outline';
import type { ZoneView } from '@/lib/contract/zones';
import { ZoneDrawer } from './zone-drawer';

const ZoneMapView = dynamic(() => import('./zone-map-view'), { ssr: false });

/**
 * Settings → zones (feature 1): the tenant's live zones with their colour and a button that shows the polygon on a
 * map; double-clicking a row modifies the zone, Add draws a new one.
 */
export function ZonesList({ mapStyleUrl, startBounds }: { mapStyleUrl: string | null; startBounds: LngLatBounds | null }) {
  const t = useTranslations('zones.list');
  const { rows, reload } = useSettingsRows<ZoneView>('zones');
  const drawer = useDrawerTarget();
  const [shown, setShown] = useState<ZoneView | null>(null);

  const columns: SettingsColumn<ZoneView>[] = [
    { id: 'name', header: t('name'), cell: (row) => row.name, filterValue: (row) => row.name, sortValue: (row) => row.name.toLowerCase() },
    {
      id: 'color',
      header: t('color'),
      cell: (row) => (
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="inline-block h-4 w-8 rounded border border-slate-300" style={{ backgroundColor: row.color }} />
          <span className="font-mono text-xs text-slate-600">{row.color}</span>
        </span>
      ),
      filterValue: (row) => row.color,
      sortValue: (row) => row.color,
      className: 'w-44',
    },
    {
      id: 'show',
      header: <span className="sr-only">{t('show')}</span>,
      cell: (row) => (
        <Button
          variant="ghost"
          className="px-2! py-1!"
          aria-label={t('showZone', { name: row.name })}
          title={t('show')}
          // The row opens the drawer on a double click; the button's own clicks stay with the button.
          onClick={(event) => {
            event.stopPropagation();
            setShown(row);
          }}
          onDoubleClick={(event) => event.stopPropagation()}
        >
          <MapIcon size={16} aria-hidden />
          {t('show')}
        </Button>
      ),
      className: 'w-36 text-right',
    },
  ];

  return (
    <SettingsScreen
      namespace="zones.list"
      drawer={drawer}
      rows={rows}
      columns={columns}
      openOn="doubleClick"
      onRefresh={reload}
    >
      <Modal
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown ? t('modalTitle', { name: shown.name }) : ''}
        width={720}
        footer={<DialogActions cancelLabel={t('close')} onCancel={() => setShown(null)} />}
      >
        {shown ? <ZoneMapView zone={shown} styleUrl={mapStyleUrl} label={t('map', { name: shown.name })} /> : null}
      </Modal>
      <ZoneDrawer
        open={drawer.open}
        zoneId={drawer.id}
        mapStyleUrl={mapStyleUrl}
        startBounds={startBounds}
        onClose={drawer.close}
        onSaved={reload}
        onDeleted={reload}
      />
    </SettingsScreen>
  );
}
