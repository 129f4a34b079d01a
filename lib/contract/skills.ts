import { z } from 'zod';
import { requiredEnum, requiredName } from './reference-data';

/**
 * The 50 icons a skill can show (spec 03 §2.5, §9), named as lucide-react names them. The list is the contract: the
 * API accepts only these names and the screens draw exactly these, so adding one means adding it to the picker too.
 */
export const skillIcons = [
  'wrench',
  'hammer',
  'drill',
  'toolbox',
  'zap',
  'plug',
  'plug-zap',
  'lightbulb',
  'cable',
  'utility-pole',
  'solar-panel',
  'droplet',
  'droplets',
  'waves',
  'bath',
  'shower-head',
  'toilet',
  'flame',
  'flame-kindling',
  'heater',
  'thermometer',
  'snowflake',
  'fan',
  'air-vent',
  'wind',
  'paint-roller',
  'paintbrush',
  'paint-bucket',
  'brick-wall',
  'construction',
  'hard-hat',
  'ruler',
  'shovel',
  'axe',
  'tree-pine',
  'sprout',
  'fence',
  'key',
  'lock',
  'cctv',
  'wifi',
  'router',
  'monitor',
  'refrigerator',
  'washing-machine',
  'fire-extinguisher',
  'alarm-smoke',
  'bug',
  'spray-can',
  'truck',
] as const;
export type SkillIcon = (typeof skillIcons)[number];

export const skillMessages = {
  nameRequired: 'Name is required',
  iconRequired: 'Icon is required',
  iconInvalid: 'Choose one of the offered icons',
} as const;

/** POST and PUT skills (spec 03 §5: icon and name required). */
export const SkillBody = z.object({
  name: requiredName(skillMessages.nameRequired),
  icon: requiredEnum(skillIcons, skillMessages.iconRequired, skillMessages.iconInvalid),
});
export type SkillBody = z.infer<typeof SkillBody>;

/**
 * A skill as every call answers it. `icon` is a string rather than SkillIcon: rows written before the list was fixed
 * may carry another name, which the screens draw as a generic icon until someone picks a new one.
 */
export interface SkillView {
  id: number;
  name: string;
  icon: string;
}

export const isSkillIcon = (icon: string): icon is SkillIcon => (skillIcons as readonly string[]).includes(icon);
