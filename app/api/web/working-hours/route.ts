import { Feature } from '@/lib/contract/features';
import { TemplateBody } from '@/lib/contract/working-hours';
import { route } from '@/lib/server/http/route';
import { createTemplate, listTemplates } from '@/lib/server/scheduling/working-hours/templates';

const guard = { roles: ['tasksManager'], features: [Feature.workingHours] } as const;

export const GET = route(guard, ({ ctx }) => listTemplates(ctx));

export const POST = route(
  {
    ...guard,
    body: TemplateBody,
    refusals: ['workingHours.daysInvalid', 'workingHours.hoursInvalid', 'workingHours.nameTaken'],
  },
  ({ ctx, body }) => createTemplate(ctx, body),
);
