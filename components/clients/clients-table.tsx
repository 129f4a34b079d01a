'use client';

import { CalendarPlus, MapPin } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
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
  const text = 'text-slate-700';
  const columns: DataColumn<ClientView>[] = [
    { id: 'displayName', header: t('columns.displayName'), rowHeader: true, className: 'font-medium text-slate-900', cell: (client) => client.displayName },
    { id: 'contactName', header: t('columns.contactName'), className: text, cell: (client) => fullName(client.defaultContact) },
    { id: 'contactPhone', header: t('columns.contactPhone'), className: `whitespace-nowrap ${text}`, cell: (client) => phoneText(client.defaultContact) },
    { id: 'location', header: t('columns.location'), className: text, cell: (client) => <LocationCell location={client.defaultTaskLocation} /> },
    { id: 'billingName', header: t('columns.billingName'), className: text, cell: (client) => fullName(client.billingContact) },
    { id: 'billingPhone', header: t('columns.billingPhone'), className: `whitespace-nowrap ${text}`, cell: (client) => phoneText(client.billingContact) },
    {
      id: 'billingEmail',
      header: t('columns.billingEmail'),
      className: `wrap-anywhere ${text}`,
      cell: (client) =>
        client.billingContact.email ? (
          <a href={`mailto:${client.billingContact.email}`} className="text-brand hover:underline" {...keepDoubleClick}>
            {client.billingContact.email}
          </a>
        ) : null,
    },
    { id: 'billingAddress', header: t('columns.billingAddress'), className: text, cell: (client) => client.billingContact.address },
    {
      id: 'actions',
      header: <span className="sr-only">{t('columns.actions')}</span>,
      headerClassName: 'sticky right-0 bg-slate-50',
      className: 'sticky right-0 bg-white text-right group-hover:bg-slate-50',
      cell: (client) => (
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
      ),
    },
  ];
  return (
    // The new-task action column stays in view when a narrow window scrolls the table inside its box.
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <DataTable
        label={t('label')}
        rows={clients ?? []}
        columns={columns}
        rowId={(client) => client.id}
        busy={loading}
        onOpen={(client) => onOpen(client.id)}
        className="w-full text-left text-sm"
        headClassName="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase"
        headerCellClassName="px-3 py-2 font-medium whitespace-nowrap"
        cellClassName="px-3 py-2"
        rowClassName="group cursor-pointer border-t border-slate-100 align-top select-none hover:bg-slate-50"
        emptyText={loading ? t('loading') : filtered ? t('noMatch') : t('empty')}
      />
    </div>
  );
}
