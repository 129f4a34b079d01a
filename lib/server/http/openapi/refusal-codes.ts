import type { ErrorCodeName } from '@/lib/contract/error-catalogue';
import { ErrorCode } from '@/lib/contract/errors';
import { TaskFileErrorCode } from '@/lib/contract/task-files';
import type { RouteContract } from '../route';

/** The codes a call can answer with as the whole refusal's `code` (each refused value in `fields` has one of the catalogue). */
export interface CallCodes {
  codes: ErrorCodeName[];
}

/**
 * Any call can fail unexpectedly, lose its database for a moment, be sent to an id that does not exist, or carry a
 * text the database cannot hold (a NUL character, refused as request.invalid whatever the call reads).
 */
const everyCall: ErrorCodeName[] = [ErrorCode.internal, ErrorCode.unavailable, ErrorCode.notFound, ErrorCode.conflict, ErrorCode.validation];

/**
 * The codes the document lists for a call, and the API tests hold every answer to: what its kind of call can give
 * (sign-in, roles, features, parsing, uploads, idempotency) and the call's own refusals, which its route declares.
 */
export function callCodes(contract: RouteContract): CallCodes {
  const variants = contract.variants ?? [contract];
  const codes = new Set<ErrorCodeName>(everyCall);
  for (const variant of variants) {
    for (const code of kindCodes({ ...variant, access: contract.access === 'public' ? 'public' : variant.access })) codes.add(code);
    for (const code of variant.refusals ?? []) codes.add(code);
  }
  return { codes: [...codes] };
}

function kindCodes(contract: RouteContract): ErrorCodeName[] {
  const codes: ErrorCodeName[] = [ErrorCode.crossOrigin, ErrorCode.payloadTooLarge];
  if (contract.access !== 'public') {
    codes.push(ErrorCode.unauthorized, ErrorCode.forbidden);
    if (!contract.beforePasswordChange) codes.push(ErrorCode.passwordChangeRequired);
  }
  if (contract.features?.length) codes.push(ErrorCode.featureDisabled);
  if (contract.upload) codes.push(TaskFileErrorCode.tooLarge, TaskFileErrorCode.unsupportedType);
  if (contract.idempotent) codes.push('request.idempotencyKeyReused', 'request.idempotencyInProgress');
  return codes;
}
