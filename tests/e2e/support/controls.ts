import type { Locator } from '@playwright/test';
import { expect } from './local-only';

/** 'YYYY-MM-DD' as English screens show and take dates (en-GB): DD/MM/YYYY. */
export const britishDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** The searchable picker (combobox) labelled `label` in `scope`. */
export const combobox = (scope: Locator, label: string) => scope.getByRole('combobox', { name: label, exact: true });

/** The date field labelled `label` in `scope`. */
export const dateField = (scope: Locator, label: string) => scope.getByRole('textbox', { name: label, exact: true });

/** Picks `option` as a user would: types its name into the picker to filter the list, then clicks it. */
export async function chooseOption(scope: Locator, label: string, option: string) {
  const box = combobox(scope, label);
  await box.fill(option);
  // No check of the shown value here: a pick may open a dialog (the assignment warnings) that hides the form.
  await scope.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/** Picks the optional picker's clearing option (named `clearLabel`, 'None' in English): nothing chosen. */
export async function clearOption(scope: Locator, label: string, clearLabel = 'None') {
  const box = combobox(scope, label);
  await box.click();
  await scope.getByRole('listbox').getByRole('option', { name: clearLabel, exact: true }).click();
  await expect(box).toHaveValue('');
}

/** The names of every option the picker lists before anything is typed (its clearing option first, when it has one). */
export async function optionNames(scope: Locator, label: string): Promise<string[]> {
  const box = combobox(scope, label);
  await box.click();
  const listbox = scope.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const names = await listbox.getByRole('option').allTextContents();
  await box.press('Escape');
  await expect(listbox).toBeHidden();
  return names;
}

/** Types `isoDate` into the date field as an English user writes it (DD/MM/YYYY) and sees it kept. */
export async function fillDate(scope: Locator, label: string, isoDate: string) {
  const field = dateField(scope, label);
  const text = britishDate(isoDate);
  // A box that re-renders between Playwright's select-all and its typing (the other end of a range just changed) can
  // keep its old text beside the new ('18/12/202618/12/2026', seen once in 126 tests): type it again, as a person
  // would. The box must still end up holding exactly the date, accepted.
  await expect(async () => {
    await field.fill(text);
    await expect(field).toHaveValue(text, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}
