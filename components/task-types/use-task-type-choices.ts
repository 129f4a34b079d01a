'use client';

import { useQuery } from '@tanstack/react-query';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import { Feature } from '@/lib/contract/features';
import type { TenantFeatureView } from '@/lib/contract/reference-data';
import { api } from '@/lib/client/api';
import { taskTypeKeys } from '@/lib/client/query-keys';

/** What GET skills answers, as far as the picker reads it. */
interface SkillChoice {
  id: number;
  name: string;
}

export interface TaskTypeChoices {
  /** Skills are offered only to a tenant with the skills feature (spec 01 §2). */
  skillsEnabled: boolean;
  skills: { id: number; label: string }[];
  customFields: { id: number; label: string }[];
}

const noChoices: TaskTypeChoices = { skillsEnabled: false, skills: [], customFields: [] };

async function readChoices(): Promise<TaskTypeChoices> {
  const [features, fields] = await Promise.all([api<TenantFeatureView[]>('tenant_feature'), api<CustomFieldView[]>('custom-field')]);
  const skillsEnabled = features.some((feature) => feature.feature.id === Feature.skills);
  const skills = skillsEnabled ? await api<SkillChoice[]>('skills') : [];
  return {
    skillsEnabled,
    skills: skills.map((skill) => ({ id: skill.id, label: skill.name })),
    customFields: fields.filter((field) => field.deleted === null).map((field) => ({ id: field.id, label: field.fieldName })),
  };
}

/**
 * The skills and custom fields a task type can link to, read afresh each time the drawer opens. A failed call has
 * already shown its notice; the drawer still works without the pickers.
 */
export function useTaskTypeChoices(open: boolean): TaskTypeChoices {
  const { data } = useQuery({ queryKey: taskTypeKeys.choices, queryFn: readChoices, enabled: open });
  return data ?? noChoices;
}
