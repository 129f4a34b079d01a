import { catalogueEntries, type ErrorCodeName } from '@/lib/contract/error-catalogue';
import { ErrorCode } from '@/lib/contract/errors';
import { TaskFileErrorCode } from '@/lib/contract/task-files';
import type { RouteContract } from '../route';

/** The codes a call can answer with: the whole refusal's, and those of the refused values in `fields`. */
export interface CallCodes {
  codes: ErrorCodeName[];
  fieldCodes: ErrorCodeName[];
}

/**
 * Any call can fail unexpectedly, lose its database for a moment, be sent to an id that does not exist, or carry a
 * text the database cannot hold (a NUL character, refused as request.invalid whatever the call reads).
 */
const everyCall: ErrorCodeName[] = [ErrorCode.internal, ErrorCode.unavailable, ErrorCode.notFound, ErrorCode.conflict, ErrorCode.validation];

/** What the zod map (lib/contract/problems.ts) and the body readers can say of any refused value. */
const generalFieldCodes: ErrorCodeName[] = [
  ...catalogueEntries()
    .map(([code]) => code)
    .filter((code) => code.startsWith('validation.')),
  'request.invalidJson',
  'request.incomplete',
  'request.notMultipart',
];

/** What the upload reader says of a file part (lib/server/http/multipart.ts). */
const uploadFieldCodes: ErrorCodeName[] = ['file.required', TaskFileErrorCode.tooLarge, TaskFileErrorCode.unsupportedType];

/**
 * The codes the document lists for a call, and the API tests hold every answer to: what its kind of call can give
 * (sign-in, roles, features, parsing, uploads, idempotency) and the call's own refusals, which its route declares.
 */
export function callCodes(contract: RouteContract): CallCodes {
  const variants = contract.variants ?? [contract];
  const codes = new Set<ErrorCodeName>(everyCall);
  const fieldCodes = new Set<ErrorCodeName>(generalFieldCodes);
  for (const variant of variants) {
    for (const code of kindCodes({ ...variant, access: contract.access === 'public' ? 'public' : variant.access })) codes.add(code);
    if (variant.upload) for (const code of uploadFieldCodes) fieldCodes.add(code);
    for (const code of variant.refusals ?? []) {
      codes.add(code);
      fieldCodes.add(code);
    }
  }
  return { codes: [...codes], fieldCodes: [...fieldCodes] };
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
