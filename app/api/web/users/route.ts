import { CreateUserBody } from '@/lib/contract/user-admin';
import { UsersQuery } from '@/lib/contract/users';
import { route } from '@/lib/server/http/route';
import { createUser } from '@/lib/server/people/users/admin-save';
import { listUsers } from '@/lib/server/people/users/list';

export const GET = route({ roles: ['usersManager'], query: UsersQuery }, ({ ctx, query }) => listUsers(ctx, query));

export const POST = route(
  {
    roles: ['usersManager'],
    body: CreateUserBody,
    refusals: [
      'tenant.featureDisabled',
      'user.ownerOnly',
      'user.phoneCountryCodeInvalid',
      'user.phoneInvalid',
      'user.unknownSkill',
      'user.unknownZone',
      'user.usernameTaken',
      'user.zonesOnlyForAssignees',
    ],
  },
  ({ ctx, body }) => createUser(ctx, body),
);
