'use client';

import { useTranslations } from 'next-intl';
import type { SettingsColumn } from '@/components/settings/settings-table';
import { Tag } from '@/components/ui/tag';
import { WorkerAvatar } from '@/components/working-hours/working-template/worker-avatar';
import { isLanguage, languageNames } from '@/lib/contract/languages';
import type { UserFormChoices } from '@/lib/contract/user-admin';
import type { UserListItem } from '@/lib/contract/users';

/** '(+39) 333 1234567', the spec's phone column; just the number when no code is stored. */
export const phoneText = (row: Pick<UserListItem, 'phone' | 'phoneCountryCode'>) =>
  row.phone ? (row.phoneCountryCode ? `(${row.phoneCountryCode}) ${row.phone}` : row.phone) : '';

const languageText = (language: string | null) => (isLanguage(language) ? languageNames[language] : '');

/** The users table's columns (spec 03 §2.6); skills, zones and the weekly template only while their feature is on. */
export function useUserColumns(choices: UserFormChoices): SettingsColumn<UserListItem>[] {
  const t = useTranslations('usersAdmin.list');
  const tRoles = useTranslations('usersAdmin.roles');
  const fullName = (row: UserListItem) => `${row.name} ${row.surname}`.trim();
  const columns: (SettingsColumn<UserListItem> | null)[] = [
    {
      id: 'avatar',
      header: <span className="sr-only">{t('avatar')}</span>,
      cell: (row) => <WorkerAvatar userId={row.id} name={row.name} surname={row.surname} profilePictureId={row.profilePictureId} />,
      className: 'w-12',
    },
    {
      id: 'username',
      header: t('username'),
      cell: (row) => row.username,
      filterValue: (row) => row.username,
      sortValue: (row) => row.username,
      // An e-mail address as username has no space to break at: let it break anywhere rather than widen the table.
      className: 'wrap-anywhere',
    },
    { id: 'name', header: t('name'), cell: fullName, filterValue: fullName, sortValue: (row) => fullName(row).toLowerCase() },
    { id: 'phone', header: t('phone'), cell: phoneText, filterValue: phoneText, sortValue: phoneText, className: 'whitespace-nowrap' },
    {
      id: 'language',
      header: t('language'),
      cell: (row) => languageText(row.preferredLanguage),
      filterValue: (row) => languageText(row.preferredLanguage),
      sortValue: (row) => languageText(row.preferredLanguage),
    },
    {
      id: 'roles',
      header: t('roles'),
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.roles.map((role) => (
            <Tag key={role} colour={role === 'assignee' ? 'blue' : role === 'owner' ? 'violet' : 'gray'}>
              {tRoles(role)}
            </Tag>
          ))}
        </span>
      ),
      filterValue: (row) => row.roles.map((role) => tRoles(role)).join(' '),
    },
    {
      id: 'status',
      header: t('status'),
      cell: (row) => <Tag colour={row.active ? 'green' : 'red'}>{row.active ? t('active') : t('deactivated')}</Tag>,
      filterValue: (row) => (row.active ? t('active') : t('deactivated')),
      sortValue: (row) => (row.active ? 0 : 1),
    },
    choices.skills
      ? {
          id: 'skills',
          header: t('skills'),
          cell: (row) => row.skills.map((skill) => skill.name).join(', '),
          filterValue: (row) => row.skills.map((skill) => skill.name).join(' '),
        }
      : null,
    choices.zones
      ? {
          id: 'zones',
          header: t('zones'),
          cell: (row) => (
            <span className="flex flex-wrap gap-1">
              {row.zones.map((zone) => (
                <span key={zone.id} className="inline-flex items-center gap-1 text-xs whitespace-nowrap">
                  <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: zone.color }} />
                  {zone.name}
                </span>
              ))}
            </span>
          ),
          filterValue: (row) => row.zones.map((zone) => zone.name).join(' '),
        }
      : null,
    choices.templates
      ? {
          id: 'template',
          header: t('template'),
          cell: (row) => row.workingHoursTemplateName ?? '',
          filterValue: (row) => row.workingHoursTemplateName ?? '',
          sortValue: (row) => (row.workingHoursTemplateName ?? '').toLowerCase(),
        }
      : null,
  ];
  return columns.filter((column): column is SettingsColumn<UserListItem> => column !== null);
}
