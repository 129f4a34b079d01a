import { PreferredColumnsBody } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { savePreferredColumns } from '@/lib/server/tasks/workers';

export const PATCH = route({ body: PreferredColumnsBody, refusals: ['task.unknownColumn'] }, ({ ctx, body }) =>
  savePreferredColumns(ctx, body.preferredTaskColumns),
);
