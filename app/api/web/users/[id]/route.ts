import { Feature } from '@/lib/contract/features';
import { IdParams } from '@/lib/contract/ids';
import { AdminQuery, AdminUpdateUserBody } from '@/lib/contract/user-admin';
import { UpdateUserBody } from '@/lib/contract/users';
import { isAdminCall } from '@/lib/server/http/admin-query';
import { chooseRoute, route } from '@/lib/server/http/route';
import { deleteUser } from '@/lib/server/people/users/admin-delete';
import { updateUser } from '@/lib/server/people/users/admin-save';
import { getUser } from '@/lib/server/people/users/read';
import { assignWorkingTemplate } from '@/lib/server/people/users/working-template';

export const GET = route(
  {
    roles: ['usersManager', 'tasksManager'],
    params: IdParams,
    refusals: ['user.notFound'],
  },
  ({ ctx, params }) =>
    getUser(ctx, params.id),
);

/** The working-template screen's call (spec 02 §7): only the template, for an active worker. */
const assignTemplate = route(
  {
    roles: ['usersManager'],
    features: [Feature.workingHours],
    params: IdParams,
    body: UpdateUserBody,
    refusals: ['user.notFound', 'user.templateNotFound', 'user.templateDeleted'],
  },
  ({ ctx, params, body }) => assignWorkingTemplate(ctx, params.id, body),
);

/** The users screen's call, `?admin=true`: the whole user form. */
const updateWholeUser = route(
  {
    roles: ['usersManager'],
    params: IdParams,
    query: AdminQuery,
    body: AdminUpdateUserBody,
    refusals: [
      'user.notFound',
      'user.notYourself',
      'user.ownerOnly',
      'user.phoneCountryCodeInvalid',
      'user.phoneInvalid',
      'user.templateDeleted',
      'user.templateNotFound',
      'user.unknownSkill',
      'user.unknownZone',
      'user.usernameReadOnly',
      'user.zonesOnlyForAssignees',
    ],
  },
  ({ ctx, params, body }) => updateUser(ctx, params.id, body),
);

export const PUT = chooseRoute((request) => (isAdminCall(request) ? updateWholeUser : assignTemplate), [assignTemplate, updateWholeUser]);

export const DELETE = route(
  {
    roles: ['usersManager'],
    params: IdParams,
    refusals: ['user.notFound', 'user.notYourself', 'user.ownerOnly'],
  },
  ({ ctx, params }) => deleteUser(ctx, params.id),
);
