import { Feature } from '@/lib/contract/features';
import { UpdateMultiUserBody } from '@/lib/contract/users';
import { route } from '@/lib/server/http/route';
import { assignWorkingTemplateToMany } from '@/lib/server/users/working-template';

export const PUT = route(
  { roles: ['usersManager'], features: [Feature.workingHours], body: UpdateMultiUserBody },
  ({ ctx, body }) => assignWorkingTemplateToMany(ctx, body),
);
