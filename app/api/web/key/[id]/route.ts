import { ApiKeyBody } from '@/lib/contract/api-keys';
import { IdParams } from '@/lib/contract/ids';
import { settingsEditors } from '@/lib/contract/reference-data';
import { deleteApiKey, getApiKey, updateApiKey } from '@/lib/server/people/api-keys/keys';
import { route } from '@/lib/server/http/route';

export const GET = route(
  {
    roles: settingsEditors,
    params: IdParams,
    refusals: ['apiKey.notFound'],
  },
  ({ ctx, params }) => getApiKey(ctx, params.id),
);

export const PUT = route(
  {
    roles: settingsEditors,
    params: IdParams,
    body: ApiKeyBody,
    refusals: [
      'apiKey.duplicate',
      'apiKey.expiryInPast',
      'apiKey.notFound',
      'apiKey.roleNotHeld',
      'apiKey.rolesRequired',
    ],
  },
  ({ ctx, params, body }) =>
    updateApiKey(ctx, params.id, body),
);

export const DELETE = route(
  {
    roles: settingsEditors,
    params: IdParams,
    refusals: ['apiKey.notFound'],
  },
  ({ ctx, params }) => deleteApiKey(ctx, params.id),
);
