import { ClientListQuery } from '@/lib/contract/client-csv';
import { ClientBody } from '@/lib/contract/clients';
import { taskEditors } from '@/lib/contract/reference-data';
import { readClients } from '@/lib/server/clients/read';
import { createClient } from '@/lib/server/clients/write';
import { route } from '@/lib/server/http/route';

/**
 * Clients are a tasksManager screen (00-decisions "Tenancy and roles"); other managers have no screen that lists them,
 * so they do not read contact details either. Every live client by name, or with page/size one page of them ({ items, total, page, size }); filter narrows both. */
export const GET = route({ roles: taskEditors, query: ClientListQuery }, ({ ctx, query }) => readClients(ctx, query));

export const POST = route(
  {
    roles: taskEditors,
    body: ClientBody,
    refusals: ['client.invalidEmail', 'client.latitudeRange', 'client.longitudeRange', 'client.nameTaken'],
  },
  ({ ctx, body }) => createClient(ctx, body),
);
