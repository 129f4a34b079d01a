/** Optional capabilities switched on per tenant, numbered as the spec numbers them. */
export const Feature = {
  zones: 1,
  workingHours: 2,
  timeSlots: 3,
  skills: 4,
  accounting: 5,
  printoutAfterCompletion: 6,
  trackingLink: 7,
} as const;
export type FeatureId = (typeof Feature)[keyof typeof Feature];

export const featureCatalogue: { id: FeatureId; name: string }[] = [
  { id: 1, name: 'zones' },
  { id: 2, name: 'workingHours' },
  { id: 3, name: 'timeSlots' },
  { id: 4, name: 'skills' },
  { id: 5, name: 'accounting' },
  { id: 6, name: 'printoutAfterCompletion' },
  { id: 7, name: 'trackingLink' },
];
