/**
 * A call carrying `?admin=true` (api-contract: PUT users/{id} "query admin flag for admin-level update"): the
 * users screen's full update, where the same path without it keeps the working-template screen's narrower body.
 */
export function isAdminCall(request: Request): boolean {
  return new URL(request.url).searchParams.has('admin');
}
