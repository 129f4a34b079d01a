'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { ConsoleConfig } from '@/lib/contract/console-config';
import type { FeatureId } from '@/lib/contract/features';

/** Outside the console (no provider) nothing optional is known to be there, so nothing optional is offered or called. */
const ConsoleConfigContext = createContext<ConsoleConfig>({ features: [], geocoder: false });

export function ConsoleConfigProvider({ value, children }: { value: ConsoleConfig; children: ReactNode }) {
  return <ConsoleConfigContext.Provider value={value}>{children}</ConsoleConfigContext.Provider>;
}

/** Whether the company has this feature on, as the page was rendered (switching one re-renders the shell). */
export function useFeatureOn(feature: FeatureId): boolean {
  return useContext(ConsoleConfigContext).features.includes(feature);
}

/** Whether the server has a geocoder, so an address search can answer. */
export function useGeocoderConfigured(): boolean {
  return useContext(ConsoleConfigContext).geocoder;
}
