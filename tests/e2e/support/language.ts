import type { Page } from '@playwright/test';
import { expect } from './local-only';

/** Sets the signed-in user's language, as the profile's language picker does; the next page load shows it. */
export async function setPreferredLanguage(page: Page, preferredLanguage: string): Promise<void> {
  const answer = await page.request.patch('/api/web/users/me/preferences', { data: { preferredLanguage } });
  expect(answer.ok(), await answer.text()).toBe(true);
}
