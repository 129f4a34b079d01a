import type { FeatureId } from './features';

/**
 * What the console's screens need to know about the company and the server before they ask anything: the features
 * switched on and whether the optional outside services are configured. The main layout renders it with the shell, so
 * a screen hides what is off without a request of its own, and never calls an API that would refuse it.
 */
export interface ConsoleConfig {
  features: FeatureId[];
  /** GEOCODER_URL is set: the address search is offered; without it the pin is placed by hand. */
  geocoder: boolean;
}
