import { OverrideDuplicatesBody, overrideDuplicatesBodyBytes } from '@/lib/contract/accounting';
import { Feature } from '@/lib/contract/features';
import { taskEditors } from '@/lib/contract/reference-data';
import { overrideDuplicatedClients } from '@/lib/server/clients/accounting/import';
import { route } from '@/lib/server/http/route';

export const PUT = route(
  {
    refusals: ['client.invalidEmail', 'client.latitudeRange', 'client.notFound'],
    roles: taskEditors,
    features: [Feature.accounting],
    body: OverrideDuplicatesBody,
    maxBodyBytes: overrideDuplicatesBodyBytes,
  },
  ({ ctx, body }) => overrideDuplicatedClients(ctx, body),
);
