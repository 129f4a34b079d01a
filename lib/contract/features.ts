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

/** The feature catalogue; the ids are part of the contract. */
export const featureCatalogue: readonly { id: FeatureId; name: string }[] = [
  { id: 1, name: 'zones' },
  { id: 2, name: 'working hours' },
  { id: 3, name: 'time slots' },
  { id: 4, name: 'skills' },
  { id: 5, name: 'accounting integration' },
  { id: 6, name: 'send printout after completion' },
  { id: 7, name: 'tracking link in notifications' },
];

/** GET features: one entry of the catalogue. */
export interface FeatureView {
  id: number;
  name: string;
}

export const featureMessages = {
  notFound: 'No such feature.',
  alreadyOn: 'This feature is already enabled.',
  alreadyOff: 'This feature is already disabled.',
} as const;

/** Switching features on and off is the owner's alone (spec 03 §6: feature settings). */
export const featureSwitchers = ['owner'] as const;
