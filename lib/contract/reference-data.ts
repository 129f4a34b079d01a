import { z } from 'zod';
import { managerRoles, type Role } from './roles';

/** Every manager reads reference data: the task form needs it whichever screen it is opened from. */
export const referenceReaders: readonly Role[] = managerRoles;

/** The settings tables (custom fields, time slots, ...) are edited by these three roles (00-decisions). */
export const settingsEditors: readonly Role[] = ['owner', 'usersManager', 'billingManager'];

/** Task types and clients are edited from tasksManager screens. */
export const taskEditors: readonly Role[] = ['tasksManager'];

export const nameMaxLength = 200;

/** A display name: trimmed, required, bounded so a pasted document cannot become a name. */
export const requiredName = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(nameMaxLength, `Must be at most ${nameMaxLength} characters`);

/** An enum whose absence reads as "required" and whose wrong value reads as "invalid". */
export const requiredEnum = <const T extends readonly [string, ...string[]]>(
  values: T,
  requiredMessage: string,
  invalidMessage: string,
) => z.enum(values, { error: (issue) => (issue.input === undefined ? requiredMessage : invalidMessage) });

export interface CancellationReasonView {
  id: number;
  name: string;
}

/** One enabled feature of the tenant; `id` is the feature's id too, since a tenant holds each feature once. */
export interface TenantFeatureView {
  id: number;
  feature: { id: number; name: string };
}
