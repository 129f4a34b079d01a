import { ClientsPage } from '@/components/clients/clients-page';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Clients → all: the company's clients, with export, CSV import and the client and task drawers. */
export default async function ClientsAllPage() {
  await menuPageOrRedirect('clients', 'all');
  return <ClientsPage />;
}
