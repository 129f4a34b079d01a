import { CancellationReasonBody } from '@/lib/contract/cancellation-reasons';
import { referenceReaders, settingsEditors } from '@/lib/contract/reference-data';
import { route } from '@/lib/server/http/route';
import { createCancellationReason } from '@/lib/server/reference/data/cancellation-reason-writes';
import { listCancellationReasons } from '@/lib/server/reference/data/cancellation-reasons';

/** Every manager reads the reasons: a tasks manager cancels tasks with them. */
export const GET = route(
  {
    roles: referenceReaders,
  },
  ({ ctx }) => listCancellationReasons(ctx),
);

export const POST = route(
  {
    roles: settingsEditors,
    body: CancellationReasonBody,
    refusals: ['cancellationReasons.nameTaken'],
  },
  ({ ctx, body }) =>
    createCancellationReason(ctx, body),
);
