import { Feature } from '@/lib/contract/features';
import { IdParams } from '@/lib/contract/ids';
import { TemplateBody, TemplateUpdateQuery } from '@/lib/contract/working-hours';
import { route } from '@/lib/server/http/route';
import { deleteTemplate, getTemplate, updateTemplate } from '@/lib/server/scheduling/working-hours/templates';

const guard = { roles: ['tasksManager'], features: [Feature.workingHours] } as const;

export const GET = route(
  {
    ...guard,
    params: IdParams,
    refusals: ['workingHours.notFound'],
  },
  ({ ctx, params }) => getTemplate(ctx, params.id),
);

export const PUT = route(
  {
    ...guard,
    params: IdParams,
    query: TemplateUpdateQuery,
    body: TemplateBody,
    refusals: [
      'workingHours.daysInvalid',
      'workingHours.hoursInvalid',
      'workingHours.nameTaken',
      'workingHours.notFound',
    ],
  },
  ({ ctx, params, body }) => updateTemplate(ctx, params.id, body),
);

export const DELETE = route(
  {
    ...guard,
    params: IdParams,
    refusals: ['workingHours.notFound'],
  },
  ({ ctx, params }) => deleteTemplate(ctx, params.id),
);
