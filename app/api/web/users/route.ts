import { UsersQuery } from '@/lib/contract/users';
import { route } from '@/lib/server/http/route';
import { listUsers } from '@/lib/server/users/list';

export const GET = route({ roles: ['usersManager'], query: UsersQuery }, ({ ctx, query }) => listUsers(ctx, query));
