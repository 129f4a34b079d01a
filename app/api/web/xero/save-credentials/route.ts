import { SaveCredentialsBody } from '@/lib/contract/accounting';
import { Feature } from '@/lib/contract/features';
import { taskEditors } from '@/lib/contract/reference-data';
import { completeAuthorisation, saveCredentials } from '@/lib/server/clients/accounting/connection';
import { route } from '@/lib/server/http/route';

export const POST = route(
  {
    roles: taskEditors,
    features: [Feature.accounting],
    body: SaveCredentialsBody,
    refusals: ['accounting.invalidState', 'accounting.notConnected'],
  },
  ({ ctx, body }) => ('code' in body ? completeAuthorisation(ctx, body) : saveCredentials(ctx, body)),
);
