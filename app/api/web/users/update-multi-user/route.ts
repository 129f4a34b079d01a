import { Feature } from '@/lib/contract/features';
import { AdminQuery, BulkEditUsersBody } from '@/lib/contract/user-admin';
import { UpdateMultiUserBody } from '@/lib/contract/users';
import { isAdminCall } from '@/lib/server/http/admin-query';
import { chooseRoute, route } from '@/lib/server/http/route';
import { bulkEditUsers } from '@/lib/server/people/users/bulk-edit';
import { assignWorkingTemplateToMany } from '@/lib/server/people/users/working-template';

/** The working-template screen's call (spec 02 §7): one template for several active workers. */
const assignTemplate = route(
  {
    roles: ['usersManager'],
    features: [Feature.workingHours],
    body: UpdateMultiUserBody,
    refusals: ['user.someNotFound', 'user.templateNotFound', 'user.templateDeleted'],
  },
  ({ ctx, body }) => assignWorkingTemplateToMany(ctx, body),
);

/** The users screen's "edit multiple users", `?admin=true`. */
const editUsers = route(
  {
    roles: ['usersManager'],
    query: AdminQuery,
    body: BulkEditUsersBody,
    refusals: ['user.nothingToChange', 'user.someNotFound', 'user.templateNotFound', 'user.templateDeleted', 'user.unknownSkill', 'user.unknownZone'],
  },
  ({ ctx, body }) => bulkEditUsers(ctx, body),
);

export const PUT = chooseRoute((request) => (isAdminCall(request) ? editUsers : assignTemplate), [assignTemplate, editUsers]);
