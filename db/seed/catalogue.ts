import type { customFields } from '@/db/schema';

/** What a small heating, cooling and electrical company in Milan would configure. */

export const demoSkills = [
  { name: 'Gas appliances', icon: 'flame' },
  { name: 'Electrical', icon: 'zap' },
  { name: 'Plumbing', icon: 'droplets' },
  { name: 'Refrigerant handling', icon: 'snowflake' },
  { name: 'Working at height', icon: 'hard-hat' },
] as const;

export type DemoSkillName = (typeof demoSkills)[number]['name'];

export interface TaskTypeSeed {
  name: string;
  durationMins: number;
  skills: DemoSkillName[];
}

export const demoTaskTypes: TaskTypeSeed[] = [
  { name: 'Boiler service', durationMins: 60, skills: ['Gas appliances'] },
  { name: 'Boiler repair', durationMins: 90, skills: ['Gas appliances', 'Plumbing'] },
  { name: 'Air conditioning installation', durationMins: 180, skills: ['Refrigerant handling', 'Electrical'] },
  { name: 'Air conditioning maintenance', durationMins: 60, skills: ['Refrigerant handling'] },
  { name: 'Heat pump commissioning', durationMins: 120, skills: ['Refrigerant handling', 'Electrical'] },
  { name: 'Electrical inspection', durationMins: 45, skills: ['Electrical'] },
  { name: 'Plumbing repair', durationMins: 60, skills: ['Plumbing'] },
  { name: 'Water heater replacement', durationMins: 120, skills: ['Plumbing', 'Gas appliances'] },
  { name: 'Smoke detector check', durationMins: 30, skills: ['Working at height'] },
  { name: 'Emergency call-out', durationMins: 90, skills: [] },
];

export const purchaseOrderField = 'Customer PO number';
export const materialsField = 'Materials used';
export const siteAccessField = 'Site access';

export const materialOptions = ['Filter', 'Gasket', 'Thermostat', 'Valve', 'Refrigerant (kg)', 'Cable (m)'];
export const siteAccessOptions = ['Client present', 'Key at reception', 'Code lock'];

/** One of each required type, and one optional select; which task types show them is set in fieldTaskTypes. */
export const demoCustomFields: Array<Omit<typeof customFields.$inferInsert, 'tenantId'>> = [
  {
    fieldName: purchaseOrderField,
    fieldType: 'TEXT',
    required: true,
    requiredType: 'ON_SAVE',
    displayType: 'EDITABLE',
  },
  {
    fieldName: materialsField,
    fieldType: 'MULTI_SELECT_QUANTITY',
    options: materialOptions,
    required: true,
    requiredType: 'ON_COMPLETION',
    displayType: 'EDITABLE',
  },
  {
    fieldName: siteAccessField,
    fieldType: 'SINGLE_SELECT',
    options: siteAccessOptions,
    required: false,
    displayType: 'EDITABLE',
  },
];

export const fieldTaskTypes: Record<string, string[]> = {
  [purchaseOrderField]: ['Air conditioning installation', 'Heat pump commissioning', 'Water heater replacement'],
  [materialsField]: ['Boiler repair', 'Plumbing repair', 'Emergency call-out', 'Water heater replacement'],
  [siteAccessField]: demoTaskTypes.map((type) => type.name),
};

export const demoTimeSlots = [
  { name: 'Morning', startTime: '08:00:00', endTime: '12:00:00' },
  { name: 'Lunchtime', startTime: '12:00:00', endTime: '14:00:00' },
  { name: 'Afternoon', startTime: '14:00:00', endTime: '18:00:00' },
] as const;

type DayKey = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

export interface TemplateSeed {
  name: string;
  hours: Record<DayKey, string>;
}

const weekdays = (hours: string, saturday = ' '): Record<DayKey, string> => ({
  mon: hours,
  tue: hours,
  wed: hours,
  thu: hours,
  fri: hours,
  sat: saturday,
  sun: ' ',
});

export const demoTemplates: TemplateSeed[] = [
  { name: 'Full time', hours: weekdays('08:00|12:30,13:30|17:30') },
  { name: 'Full time with Saturday mornings', hours: weekdays('08:30|12:30,13:30|17:00', '08:00|12:00') },
  { name: 'Mornings', hours: weekdays('08:00|13:00') },
];

/** The eight workers: a name, the skills they hold, their districts and their template. */
export const demoWorkers = [
  { name: 'Marco', surname: 'Bianchi', skills: ['Gas appliances', 'Plumbing'], zones: ['Milano Centro', 'Milano Est'], template: 'Full time' },
  { name: 'Luca', surname: 'Ferrari', skills: ['Electrical', 'Working at height'], zones: ['Milano Nord'], template: 'Full time' },
  { name: 'Alessandro', surname: 'Romano', skills: ['Refrigerant handling', 'Electrical'], zones: ['Milano Centro', 'Milano Sud-Ovest'], template: 'Full time with Saturday mornings' },
  { name: 'Davide', surname: 'Colombo', skills: ['Plumbing'], zones: ['Milano Est'], template: 'Full time' },
  { name: 'Matteo', surname: 'Ricci', skills: ['Gas appliances', 'Refrigerant handling', 'Electrical'], zones: ['Milano Nord', 'Milano Centro'], template: 'Full time' },
  { name: 'Simone', surname: 'Marino', skills: ['Working at height', 'Electrical'], zones: ['Milano Sud-Ovest'], template: 'Mornings' },
  { name: 'Andrea', surname: 'Greco', skills: ['Plumbing', 'Gas appliances'], zones: ['Milano Sud-Ovest', 'Milano Centro'], template: 'Full time with Saturday mornings' },
  { name: 'Federico', surname: 'Bruno', skills: ['Refrigerant handling'], zones: ['Milano Est', 'Milano Nord'], template: 'Full time' },
] satisfies Array<{ name: string; surname: string; skills: DemoSkillName[]; zones: string[]; template: string }>;
