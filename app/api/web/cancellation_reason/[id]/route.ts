import { CancellationReasonBody } from '@/lib/contract/cancellation-reasons';
import { IdParams } from '@/lib/contract/ids';
import { referenceReaders, settingsEditors } from '@/lib/contract/reference-data';
import { route } from '@/lib/server/http/route';
import {
  deleteCancellationReason,
  updateCancellationReason,
} from '@/lib/server/reference/data/cancellation-reason-writes';
import { getCancellationReason } from '@/lib/server/reference/data/cancellation-reasons';

export const GET = route(
  {
    roles: referenceReaders,
    params: IdParams,
    refusals: ['cancellationReasons.notFound'],
  },
  ({ ctx, params }) =>
    getCancellationReason(ctx, params.id),
);

export const PUT = route(
  {
    roles: settingsEditors,
    params: IdParams,
    body: CancellationReasonBody,
    refusals: ['cancellationReasons.nameTaken', 'cancellationReasons.notFound'],
  },
  ({ ctx, params, body }) => updateCancellationReason(ctx, params.id, body),
);

export const DELETE = route(
  {
    roles: settingsEditors,
    params: IdParams,
    refusals: ['cancellationReasons.notFound'],
  },
  ({ ctx, params }) =>
    deleteCancellationReason(ctx, params.id),
);
