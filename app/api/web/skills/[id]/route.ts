import { Feature } from '@/lib/contract/features';
import { IdParams } from '@/lib/contract/ids';
import { referenceReaders, settingsEditors } from '@/lib/contract/reference-data';
import { SkillBody } from '@/lib/contract/skills';
import { route } from '@/lib/server/http/route';
import { getSkill } from '@/lib/server/reference/skills/read';
import { deleteSkill, updateSkill } from '@/lib/server/reference/skills/write';

/** The skills screen's own calls: they need feature 4, as the screen does (spec 03 §6). */
export const GET = route(
  {
    roles: referenceReaders,
    features: [Feature.skills],
    params: IdParams,
    refusals: ['skills.notFound'],
  },
  ({ ctx, params }) =>
    getSkill(ctx, params.id),
);

export const PUT = route(
  {
    roles: settingsEditors,
    features: [Feature.skills],
    params: IdParams,
    body: SkillBody,
    refusals: ['skills.nameTaken', 'skills.notFound'],
  },
  ({ ctx, params, body }) => updateSkill(ctx, params.id, body),
);

export const DELETE = route(
  {
    roles: settingsEditors,
    features: [Feature.skills],
    params: IdParams,
    refusals: ['skills.notFound'],
  },
  ({ ctx, params }) =>
    deleteSkill(ctx, params.id),
);
