import { ApiKeyBody } from '@/lib/contract/api-keys';
import { settingsEditors } from '@/lib/contract/reference-data';
import { createApiKey, listApiKeys } from '@/lib/server/people/api-keys/keys';
import { route } from '@/lib/server/http/route';

export const GET = route({ roles: settingsEditors }, ({ ctx }) => listApiKeys(ctx));

/** Answers the new key in `apiKey`, the only time it is ever sent. */
export const POST = route(
  {
    roles: settingsEditors,
    body: ApiKeyBody,
    refusals: ['apiKey.duplicate', 'apiKey.expiryInPast', 'apiKey.roleNotHeld', 'apiKey.rolesRequired'],
  },
  ({ ctx, body }) => createApiKey(ctx, body),
);
