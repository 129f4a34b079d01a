'use client';

import { useTranslations } from 'next-intl';
import { SettingsScreen, useDrawerTarget } from '@/components/settings/settings-screen';
import type { SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { Tooltip } from '@/components/ui/tooltip';
import type { SkillView } from '@/lib/contract/skills';
import { glyphOf } from './skill-icon-glyphs';
import { SkillDrawer } from './skill-drawer';

/** Settings → skills (feature 4): each skill's icon, named by its tooltip, and its name; double-click modifies. */
export function SkillsList() {
  const t = useTranslations('skillSettings.list');
  const { rows, reload } = useSettingsRows<SkillView>('skills');
  const drawer = useDrawerTarget();

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
    <SettingsScreen
      namespace="skillSettings.list"
      drawer={drawer}
      rows={rows}
      columns={columns}
      openOn="doubleClick"
      onRefresh={reload}
    >
      <SkillDrawer
        open={drawer.open}
        skillId={drawer.id}
        onClose={drawer.close}
        onChanged={reload}
      />
    </SettingsScreen>
  );
}
