import { z } from 'zod';
import type { Role } from './roles';

const flag = z
  .enum(['true', 'false'], 'Use true or false.')
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

/** GET users: the tenant's non-deleted users, narrowed to assignees and to active ones when asked. */
export const UsersQuery = z.object({ assignee: flag, active: flag });
export type UsersQuery = z.infer<typeof UsersQuery>;

/**
 * One row of GET users: who the person is, their roles, skills and zones, and the working-hours template they
 * follow: every column of the users screen (spec 03 §2.6).
 */
export interface UserListItem {
  id: number;
  username: string;
  name: string;
  surname: string;
  preferredLanguage: string | null;
  phone: string | null;
  phoneCountryCode: string | null;
  roles: Role[];
  skills: { id: number; name: string }[];
  zones: { id: number; name: string; color: string }[];
  active: boolean;
  profilePictureId: number | null;
  workingHoursTemplateId: number | null;
  workingHoursTemplateName: string | null;
}

export const assignmentMessages = {
  templateRequired: 'A working template is required.',
  usersRequired: 'Select at least one user.',
  templateNotFound: 'Working template not found.',
  templateDeleted: 'The working template has been deleted.',
  userNotFound: 'User not found.',
  usersNotFound: 'One or more users were not found.',
} as const;

/** An id in a JSON body: a number already, never a numeric string. */
const bodyId = z.int().positive().max(2_147_483_647);

/**
 * PUT users/{id}: for now only the working-hours template (null clears it). Other fields are refused rather than
 * silently ignored, so a caller never believes it changed something it did not.
 */
export const UpdateUserBody = z.strictObject({ workingHoursTemplateId: bodyId.nullable() });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** Users per bulk assignment: a page of the list times a few, far below anything that strains one transaction. */
export const maxUsersPerBulkAssignment = 1000;

/** PUT users/update-multi-user: one template for several workers (spec 02 §5: a template and at least one user). */
export const UpdateMultiUserBody = z.object({
  workingHoursTemplateId: z.int(assignmentMessages.templateRequired).positive(assignmentMessages.templateRequired).max(2_147_483_647),
  userIds: z
    .array(bodyId, assignmentMessages.usersRequired)
    .min(1, assignmentMessages.usersRequired)
    .max(maxUsersPerBulkAssignment)
    .transform((ids) => [...new Set(ids)]),
});
export type UpdateMultiUserBody = z.infer<typeof UpdateMultiUserBody>;
