import { AccountingCredentialsBody } from '@/lib/contract/accounting';
import { Feature } from '@/lib/contract/features';
import { taskEditors } from '@/lib/contract/reference-data';
import { testCredentials } from '@/lib/server/clients/accounting/connection';
import { importContacts } from '@/lib/server/clients/accounting/import';
import { route } from '@/lib/server/http/route';
import { refuseCrossSiteNavigation } from '@/lib/server/http/security';

const access = { roles: taskEditors, features: [Feature.accounting] } as const;

export const POST = route(
  {
    ...access,
    body: AccountingCredentialsBody,
    refusals: ['accounting.subscriptionInactive', 'accounting.unavailable'],
  },
  ({ ctx, body }) => testCredentials(ctx, body),
);

export const GET = route({ ...access, refusals: ['accounting.notConnected', 'accounting.subscriptionInactive'] }, ({ ctx, request }) => {
  refuseCrossSiteNavigation(request);
  return importContacts(ctx);
});
