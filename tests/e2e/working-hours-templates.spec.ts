import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './support/local-only';

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
let ownerSession: Session | undefined;

/**
 * The owner (every role; the demo tenant has working hours, feature 2, on) draws templates on the week grid. The
 * owner signs in once for the file and each test reuses the session. The browser has touch enabled: the mouse still
 * drives it as a mouse, and the touch test sends real touch input through the DevTools protocol.
 */
test.describe.configure({ mode: 'serial' });
test.use({
  hasTouch: true,
  viewport: { width: 1400, height: 900 },
  storageState: async ({ browser, baseURL }, provide) => {
    if (!ownerSession) {
      const signInContext = await browser.newContext({ baseURL });
      await signIn(await signInContext.newPage(), 'owner@demo.test');
      ownerSession = await signInContext.storageState();
      await signInContext.close();
    }
    await provide(ownerSession);
  },
});

const name = `Office week ${Date.now()}`;
const templatesPath = '/app/main/working-hours/template';

const grid = (drawer: Locator) => drawer.getByRole('group', { name: 'Working hours' });
const cell = (drawer: Locator, label: string) => grid(drawer).getByRole('button', { name: label, exact: true });

async function centreOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the cell is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function mouseDrag(page: Page, from: Locator, to: Locator) {
  const start = await centreOf(from);
  const end = await centreOf(to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 8 });
  await page.mouse.up();
}

/** A finger on the screen: Chromium turns these into pointer events of type 'touch', captured by the first cell. */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  const start = await centreOf(from);
  const end = await centreOf(to);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: start.x, y: start.y }] });
  const steps = 8;
  for (let step = 1; step <= steps; step++) {
    const x = start.x + ((end.x - start.x) * step) / steps;
    const y = start.y + ((end.y - start.y) * step) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function expectPressed(drawer: Locator, labels: string[], pressed: boolean) {
  for (const label of labels) await expect(cell(drawer, label)).toHaveAttribute('aria-pressed', String(pressed));
}

test('draws a template by dragging with the mouse, saves it and sees the cells when reopened', async ({ page }) => {
  await page.goto(templatesPath);
  await expect(page.getByRole('heading', { name: 'Working-hours templates' })).toBeVisible();
  await expect(page.getByText(/^\d+ templates?$/)).toBeVisible();

  await page.getByRole('button', { name: 'Add template' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add template' });
  await drawer.getByLabel('Template name').fill(name);
  // Monday to Friday, 08:00 to 12:00, in one drag across rows and columns.
  await mouseDrag(page, cell(drawer, 'Monday 08:00–08:30'), cell(drawer, 'Friday 11:30–12:00'));
  await expectPressed(drawer, ['Monday 08:00–08:30', 'Wednesday 10:00–10:30', 'Friday 11:30–12:00'], true);
  await expectPressed(drawer, ['Monday 07:30–08:00', 'Monday 12:00–12:30', 'Saturday 08:00–08:30'], false);
  // A drag starting on a chosen cell clears: Wednesday's 10:00 to 11:00 becomes a break.
  await mouseDrag(page, cell(drawer, 'Wednesday 10:00–10:30'), cell(drawer, 'Wednesday 10:30–11:00'));
  await expectPressed(drawer, ['Wednesday 10:00–10:30', 'Wednesday 10:30–11:00'], false);
  await expectPressed(drawer, ['Wednesday 09:30–10:00', 'Wednesday 11:00–11:30'], true);
  // The keyboard toggles a cell with Space.
  await cell(drawer, 'Saturday 09:00–09:30').focus();
  await page.keyboard.press('Space');
  await expectPressed(drawer, ['Saturday 09:00–09:30'], true);

  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved successfully!')).toBeVisible();
  await expect(drawer).toBeHidden();

  await page.getByRole('row').filter({ hasText: name }).dblclick();
  const edit = page.getByRole('dialog', { name: 'Modify template' });
  await expect(edit.getByLabel('Template name')).toHaveValue(name);
  await expectPressed(edit, ['Monday 08:00–08:30', 'Friday 11:30–12:00', 'Wednesday 11:00–11:30', 'Saturday 09:00–09:30'], true);
  await expectPressed(edit, ['Wednesday 10:00–10:30', 'Monday 12:00–12:30', 'Sunday 08:00–08:30'], false);
  const save = edit.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  // Resetting Saturday makes the form dirty; closing then asks, and Cancel in the question keeps the drawer.
  await edit.getByRole('button', { name: 'Reset Saturday' }).click();
  await expectPressed(edit, ['Saturday 09:00–09:30'], false);
  await expect(save).toBeEnabled();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  const question = page.getByRole('dialog', { name: 'Unsaved changes' });
  await question.getByRole('button', { name: 'Continue' }).click();
  await expect(edit).toBeHidden();
});

test('draws the same hours with a finger: touch pointer events select across cells', async ({ page }) => {
  await page.goto(templatesPath);
  await page.getByRole('row').filter({ hasText: name }).dblclick();
  const edit = page.getByRole('dialog', { name: 'Modify template' });
  await expectPressed(edit, ['Saturday 09:00–09:30'], true);
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { seenPointerTypes: seen });
    document.addEventListener('pointerdown', (event) => seen.push(event.pointerType), true);
  });

  await touchDrag(page, cell(edit, 'Saturday 14:00–14:30'), cell(edit, 'Sunday 16:30–17:00'));
  expect(await page.evaluate(() => (window as unknown as { seenPointerTypes: string[] }).seenPointerTypes)).toEqual([
    'touch',
  ]);
  await expectPressed(edit, ['Saturday 14:00–14:30', 'Saturday 15:30–16:00', 'Sunday 16:30–17:00'], true);
  await expectPressed(edit, ['Saturday 13:30–14:00', 'Sunday 17:00–17:30'], false);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved successfully!').first()).toBeVisible();
  await expect(edit).toBeHidden();

  await page.getByRole('row').filter({ hasText: name }).dblclick();
  await expectPressed(edit, ['Saturday 14:00–14:30', 'Sunday 16:30–17:00', 'Monday 08:00–08:30'], true);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
});

test("refuses a second template with the same name: 'Could not save. template already exists.'", async ({ page }) => {
  await page.goto(templatesPath);
  await page.getByRole('button', { name: 'Add template' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add template' });
  await drawer.getByLabel('Template name').fill(name.toUpperCase());
  await drawer.getByRole('button', { name: 'Save' }).click();
  // The refusal's code (workingHours.nameTaken) is said beside the name.
  await expect(drawer.getByText('Could not save. template already exists.')).toBeVisible();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('row').filter({ hasText: name }).dblclick();
  const edit = page.getByRole('dialog', { name: 'Modify template' });
  await edit.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete template' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Template deleted successfully!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
