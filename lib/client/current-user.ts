import { api } from './api';

/** The part of GET users/me that the drawer's tabs read: the user's clock and zones. */
export interface CurrentUserClock {
  preferredTimeFormat: boolean;
  timeZone: string | null;
  tenantTimeZone: string;
}

let pending: Promise<CurrentUserClock> | null = null;

/**
 * GET users/me once per page, shared: every tab of the task drawer and the recurrence tab need the user's clock, and
 * opening a tab should not ask the server again. A failed read is forgotten, so the next caller asks anew.
 */
export function loadCurrentUserClock(): Promise<CurrentUserClock> {
  pending ??= api<CurrentUserClock>('users/me').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** After the user changes their own preferences: the next read asks the server. */
export function forgetCurrentUserClock(): void {
  pending = null;
}
