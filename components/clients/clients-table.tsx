'use client';

import { CalendarPlus, MapPin } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ClientView } from '@/lib/contract/clients';

type Contact = ClientView['defaultContact'];
type Location = ClientView['defaultTaskLocation'];

const fullName = (contact: Contact) => [contact.name, contact.surname].filter(Boolean).join(' ');

/** A phone as the users list shows it: the country code in brackets, then the number. */
export const phoneText = (contact: Contact) =>
  contact.phone ? (contact.phoneCountryCode ? `(${contact.phoneCountryCode}) ${contact.phone}` : contact.phone) : '';

/** OpenStreetMap at the coordinates when the location has them, else a search for its address. */
export function mapHref(location: Location): string | null {
  if (location.latitude !== undefined && location.longitude !== undefined) {
    const { latitude: lat, longitude: lng } = location;
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  }
  return location.address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(location.address)}` : null;
}

/** Links in a row keep their own double click: it must not open the client drawer too. */
const keepDoubleClick = { onDoubleClick: (event: React.MouseEvent) => event.stopPropagation() };

function LocationCell({ location }: { location: Location }) {
  const t = useTranslations('clients.table');
  const href = mapHref(location);
  const label = location.address ?? (href ? `${location.latitude}, ${location.longitude}` : '');
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-start gap-1 text-brand hover:underline"
      title={t('openMap')}
      {...keepDoubleClick}
    >
      <MapPin size={14} aria-hidden className="mt-0.5 shrink-0" />
      <span>{label}</span>
      <span className="sr-only">({t('openMap')})</span>
    </a>
  );
}

const columnKeys = [
  'displayName',
  'contactName',
  'contactPhone',
  'location',
  'billingName',
  'billingPhone',
  'billingEmail',
  'billingAddress',
  'actions',
] as const;

/** The clients of one page; a double click on a row opens the client's drawer. */
export function ClientsTable({
  clients,
  loading,
  filtered,
  addTaskHref,
  onOpen,
}: {
  clients: readonly ClientView[] | null;
  loading: boolean;
  filtered: boolean;
  addTaskHref: (clientId: number) => string;
  onOpen: (clientId: number) => void;
}) {
  const t = useTranslations('clients.table');
  return (
    // The new-task action column stays in view when a narrow window scrolls the table inside its box.
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" aria-label={t('label')} aria-busy={loading}>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {columnKeys.map((key) => (
              <th key={key} scope="col" className={`px-3 py-2 font-medium whitespace-nowrap ${key === 'actions' ? 'sticky right-0 bg-slate-50' : ''}`}>
                {key === 'actions' ? <span className="sr-only">{t('columns.actions')}</span> : t(`columns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {clients?.map((client) => (
            <tr
              key={client.id}
              onDoubleClick={() => onOpen(client.id)}
              className="group cursor-pointer border-t border-slate-100 align-top select-none hover:bg-slate-50"
            >
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {client.displayName}
              </th>
              <td className="px-3 py-2 text-slate-700">{fullName(client.defaultContact)}</td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{phoneText(client.defaultContact)}</td>
              <td className="px-3 py-2 text-slate-700">
                <LocationCell location={client.defaultTaskLocation} />
              </td>
              <td className="px-3 py-2 text-slate-700">{fullName(client.billingContact)}</td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{phoneText(client.billingContact)}</td>
              <td className="px-3 py-2 wrap-anywhere text-slate-700">
                {client.billingContact.email ? (
                  <a href={`mailto:${client.billingContact.email}`} className="text-brand hover:underline" {...keepDoubleClick}>
                    {client.billingContact.email}
                  </a>
                ) : null}
              </td>
              <td className="px-3 py-2 text-slate-700">{client.billingContact.address}</td>
              <td className="sticky right-0 bg-white px-3 py-2 text-right group-hover:bg-slate-50">
                <Link
                  href={addTaskHref(client.id)}
                  scroll={false}
                  className="inline-flex items-center rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-brand"
                  aria-label={t('addTask', { name: client.displayName })}
                  title={t('addTask', { name: client.displayName })}
                  {...keepDoubleClick}
                >
                  <CalendarPlus size={16} aria-hidden />
                </Link>
              </td>
            </tr>
          ))}
          {clients?.length === 0 || clients === null ? (
            <tr>
              <td colSpan={columnKeys.length} className="px-3 py-10 text-center text-slate-500">
                {loading ? t('loading') : filtered ? t('noMatch') : t('empty')}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
