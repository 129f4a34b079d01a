import type { ClientView } from '@/lib/contract/clients';

export interface ContactValues {
  name: string;
  surname: string;
  phoneCountryCode: string;
  phone: string;
}

export interface LocationValues {
  address: string;
  latitude: number | null;
  longitude: number | null;
}

/** What the form holds, and what the client's defaults put there last (null: nothing, or the user changed it). */
export interface DefaultsState {
  contact: ContactValues;
  location: LocationValues;
  filledContact: ContactValues | null;
  filledLocation: LocationValues | null;
}

const contactKeys = ['name', 'surname', 'phoneCountryCode', 'phone'] as const;

const sameContact = (a: ContactValues, b: ContactValues) => contactKeys.every((key) => a[key] === b[key]);
const sameLocation = (a: LocationValues, b: LocationValues) =>
  a.address === b.address && a.latitude === b.latitude && a.longitude === b.longitude;

const contactIsEmpty = (contact: ContactValues) => contactKeys.every((key) => contact[key].trim() === '');
const locationIsEmpty = (location: LocationValues) =>
  location.address.trim() === '' && location.latitude === null && location.longitude === null;

function contactOf(client: ClientView): ContactValues {
  const source = client.defaultContact;
  return {
    name: source.name ?? '',
    surname: source.surname ?? '',
    phoneCountryCode: source.phoneCountryCode ?? '',
    phone: source.phone ?? '',
  };
}

function locationOf(client: ClientView): LocationValues {
  const source = client.defaultTaskLocation;
  return { address: source.address ?? '', latitude: source.latitude ?? null, longitude: source.longitude ?? null };
}

/**
 * Choosing a client fills the task's contact and location from the client's defaults, each as a whole group and
 * only where the form's group is empty, or still holds what an earlier client's defaults put there (then the new
 * client's defaults replace it, even by nothing): what the user typed is never overwritten. Answers the groups to
 * set; a group left out stays as it is.
 */
export function clientDefaultsFor(
  state: DefaultsState,
  client: ClientView,
): { contact?: ContactValues; location?: LocationValues } {
  const fills: { contact?: ContactValues; location?: LocationValues } = {};
  const contact = contactOf(client);
  const contactHeldFill = state.filledContact !== null && sameContact(state.contact, state.filledContact);
  if ((contactIsEmpty(state.contact) || contactHeldFill) && !sameContact(contact, state.contact)) fills.contact = contact;
  const location = locationOf(client);
  const locationHeldFill = state.filledLocation !== null && sameLocation(state.location, state.filledLocation);
  if ((locationIsEmpty(state.location) || locationHeldFill) && !sameLocation(location, state.location)) fills.location = location;
  return fills;
}
