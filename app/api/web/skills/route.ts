import { Feature } from '@/lib/contract/features';
import { referenceReaders, settingsEditors } from '@/lib/contract/reference-data';
import { SkillBody } from '@/lib/contract/skills';
import { route } from '@/lib/server/http/route';
import { listSkills } from '@/lib/server/reference/skills/read';
import { createSkill } from '@/lib/server/reference/skills/write';

/**
 * Every manager reads the list (the task type form of a tasks manager links skills), and reading stays open without
 * feature 4 like the time slots: screens that hide skills without the feature simply do not ask.
 */
export const GET = route({ roles: referenceReaders }, ({ ctx }) => listSkills(ctx));

export const POST = route(
  {
    roles: settingsEditors,
    features: [Feature.skills],
    body: SkillBody,
    refusals: ['skills.nameTaken'],
  },
  ({ ctx, body }) =>
    createSkill(ctx, body),
);
