import { IdParams } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { getUser } from '@/lib/server/users/read';

export const GET = route({ roles: ['usersManager', 'tasksManager'], params: IdParams }, ({ ctx, params }) =>
  getUser(ctx, params.id),
);
