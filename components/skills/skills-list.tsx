'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SettingsTable, type SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { Tooltip } from '@/components/ui/tooltip';
import type { SkillView } from '@/lib/contract/skills';
import { glyphOf } from './skill-icon-glyphs';
import { SkillDrawer } from './skill-drawer';

type DrawerTarget = { open: false } | { open: true; skillId: number | null };

/** Settings → skills (feature 4): each skill's icon, named by its tooltip, and its name; double-click modifies. */
export function SkillsList() {
  const t = useTranslations('skillSettings.list');
  const { rows, reload } = useSettingsRows<SkillView>('skills');
  const [drawer, setDrawer] = useState<DrawerTarget>({ open: false });

  const columns: SettingsColumn<SkillView>[] = [
    {
      id: 'icon',
      header: t('icon'),
      cell: (row) => {
        const Glyph = glyphOf(row.icon);
        return (
          <Tooltip text={row.name}>
            <span role="img" aria-label={row.name} className="flex h-8 w-8 items-center justify-center rounded-full bg-slate-100 text-slate-700">
              <Glyph size={18} aria-hidden />
            </span>
          </Tooltip>
        );
      },
      className: 'w-20',
    },
    { id: 'name', header: t('name'), cell: (row) => row.name, filterValue: (row) => row.name, sortValue: (row) => row.name.toLowerCase() },
  ];

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-3 p-4">
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <p className="text-xs text-slate-500">{t('hint')}</p>
      <SettingsTable
        label={t('title')}
        rows={rows}
        columns={columns}
        rowId={(row) => row.id}
        openOn="doubleClick"
        onOpen={(row) => setDrawer({ open: true, skillId: row.id })}
        onRefresh={reload}
        onAdd={() => setDrawer({ open: true, skillId: null })}
        addLabel={t('add')}
        emptyText={t('empty')}
      />
      <SkillDrawer
        open={drawer.open}
        skillId={drawer.open ? drawer.skillId : null}
        onClose={() => setDrawer({ open: false })}
        onChanged={reload}
      />
    </section>
  );
}
