import { ClientBody } from '@/lib/contract/clients';
import { IdParams } from '@/lib/contract/ids';
import { taskEditors } from '@/lib/contract/reference-data';
import { getClient } from '@/lib/server/clients/read';
import { deleteClient, updateClient } from '@/lib/server/clients/write';
import { route } from '@/lib/server/http/route';

export const GET = route(
  {
    roles: taskEditors,
    params: IdParams,
    refusals: ['client.notFound'],
  },
  ({ ctx, params }) => getClient(ctx, params.id),
);

export const PUT = route(
  {
    roles: taskEditors,
    params: IdParams,
    body: ClientBody,
    refusals: ['client.invalidEmail', 'client.nameTaken', 'client.notFound'],
  },
  ({ ctx, params, body }) =>
    updateClient(ctx, params.id, body),
);

export const DELETE = route(
  {
    roles: taskEditors,
    params: IdParams,
    refusals: ['client.notFound'],
  },
  ({ ctx, params }) => deleteClient(ctx, params.id),
);
