'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { SettingsTable, type SettingsTableProps } from './settings-table';

/** Which record a settings screen's drawer shows: none (closed), a new one (id null), or an existing one by id. */
export function useDrawerTarget() {
  const [target, setTarget] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  return {
    open: target.open,
    id: target.open ? target.id : null,
    openNew: () => setTarget({ open: true, id: null }),
    openRecord: (id: number) => setTarget({ open: true, id }),
    close: () => setTarget({ open: false, id: null }),
  };
}

export type DrawerTarget = ReturnType<typeof useDrawerTarget>;

/** The message namespaces of the settings lists; each holds the screen's title, hint, add label and empty text. */
export type SettingsListNamespace =
  | 'skillSettings.list'
  | 'cancellationReasonSettings.list'
  | 'timeSlots.list'
  | 'taskTypeDrawer.list'
  | 'zones.list'
  | 'apiKeys.list'
  | 'notifications.list'
  | 'customFieldSettings.list'
  | 'usersAdmin.list';

/** Full class names, so the stylesheet build finds them in the source. */
const widths = { '3xl': 'max-w-3xl', '5xl': 'max-w-5xl', '7xl': 'max-w-7xl', full: 'max-w-none' } as const;

/**
 * The frame of a settings list screen (spec 03 §2.5): its title, a hint, the settings table named by the title whose
 * rows open the drawer on their record and whose Add opens it on a new one, then the drawer and any dialogs. The
 * words come from the list's namespace (title, hint, add, empty).
 */
export function SettingsScreen<Row extends { id: number }>({
  namespace,
  hint,
  width = '3xl',
  drawer,
  children,
  ...table
}: Omit<SettingsTableProps<Row>, 'label' | 'rowId' | 'onOpen' | 'onAdd' | 'addLabel' | 'emptyText'> & {
  namespace: SettingsListNamespace;
  /** Replaces the namespace's hint, for one that needs values. */
  hint?: string;
  width?: keyof typeof widths;
  drawer: DrawerTarget;
  /** The drawer, and whatever else the screen shows over its table. */
  children: ReactNode;
}) {
  const t = useTranslations(namespace);
  const title = t('title');
  return (
    <section className={`mx-auto flex w-full ${widths[width]} flex-col gap-3 p-4`}>
      <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
      <p className="text-xs text-slate-500">{hint ?? t('hint')}</p>
      <SettingsTable
        label={title}
        rowId={(row) => row.id}
        onOpen={(row) => drawer.openRecord(row.id)}
        onAdd={drawer.openNew}
        addLabel={t('add')}
        emptyText={t('empty')}
        {...table}
      />
      {children}
    </section>
  );
}
