'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, ListChecks } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SettingsScreen, useDrawerTarget } from '@/components/settings/settings-screen';
import { cancelledRowClass } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { Button } from '@/components/ui/button';
import type { UserFormChoices } from '@/lib/contract/user-admin';
import type { UserListItem } from '@/lib/contract/users';
import { BulkEditModal } from './bulk-edit-modal';
import { useUserColumns } from './user-columns';
import { UserDrawer } from './user-drawer';

/** Settings → users (spec 03 §2.6): the company's live users; double-click modifies, Add creates, Actions edits many. */
export function UsersList({ choices }: { choices: UserFormChoices }) {
  const t = useTranslations('usersAdmin.list');
  const { rows, reload } = useSettingsRows<UserListItem>('users');
  const drawer = useDrawerTarget();
  const [bulkOpen, setBulkOpen] = useState(false);
  const columns = useUserColumns(choices);

  const actions = (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary">
          <ListChecks size={16} aria-hidden />
          {t('actions')}
          <ChevronDown size={16} aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-40 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Item
            className="cursor-pointer rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
            onSelect={() => setBulkOpen(true)}
          >
            {t('editMultiple')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );

  return (
    <SettingsScreen
      namespace="usersAdmin.list"
      // Ten columns with the skills, zones and template features on: the whole window, so none is cut at 1,280 px.
      width="full"
      drawer={drawer}
      rows={rows}
      columns={columns}
      openOn="doubleClick"
      onRefresh={reload}
      rowClassName={(row) => (row.active ? '' : cancelledRowClass)}
      toolbar={actions}
    >
      <UserDrawer
        open={drawer.open}
        userId={drawer.id}
        choices={choices}
        onClose={drawer.close}
        onChanged={reload}
      />
      <BulkEditModal open={bulkOpen} users={rows ?? []} choices={choices} onClose={() => setBulkOpen(false)} onSaved={reload} />
    </SettingsScreen>
  );
}
