import type { Page } from '@playwright/test';

interface CodedBody {
  error?: { message?: string; fields?: Record<string, { message?: string }[]> };
}

/**
 * Passes the server's real answers through, but gives every refusal's English texts new wording, as a later
 * version of the contract might: what the user reads must not change, since the browser translates by code.
 * Answers how many refusals it reworded.
 */
export async function rewordRefusals(page: Page, url: string | RegExp): Promise<() => number> {
  let reworded = 0;
  await page.route(url, async (route) => {
    const response = await route.fetch();
    if (response.status() < 400) return route.fulfill({ response });
    const body = (await response.json()) as CodedBody;
    if (body.error) {
      body.error.message = 'Reworded by a later contract.';
      for (const problems of Object.values(body.error.fields ?? {})) {
        for (const [index, problem] of problems.entries()) problem.message = `Reworded field text ${index + 1}.`;
      }
      reworded += 1;
    }
    return route.fulfill({ response, json: body });
  });
  return () => reworded;
}
