import { Feature } from '@/lib/contract/features';
import { taskEditors } from '@/lib/contract/reference-data';
import { getCredentials } from '@/lib/server/clients/accounting/connection';
import { route } from '@/lib/server/http/route';

export const GET = route(
  {
    roles: taskEditors,
    features: [Feature.accounting],
    refusals: ['accounting.encryptionKeyMismatch'],
  },
  ({ ctx }) => getCredentials(ctx),
);
