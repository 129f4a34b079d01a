import { Feature } from '@/lib/contract/features';
import { IdParams } from '@/lib/contract/ids';
import { UpdateUserBody } from '@/lib/contract/users';
import { route } from '@/lib/server/http/route';
import { getUser } from '@/lib/server/users/read';
import { assignWorkingTemplate } from '@/lib/server/users/working-template';

export const GET = route({ roles: ['usersManager', 'tasksManager'], params: IdParams }, ({ ctx, params }) =>
  getUser(ctx, params.id),
);

/** For now this saves only the working-hours template (spec 02 §7); the rest of the user is not editable here yet. */
export const PUT = route(
  { roles: ['usersManager'], features: [Feature.workingHours], params: IdParams, body: UpdateUserBody },
  ({ ctx, params, body }) => assignWorkingTemplate(ctx, params.id, body),
);
