import type { FormEvent } from 'react';

/**
 * A field that holds text it cannot turn into a value (a date that does not exist, a day before the first allowed)
 * keeps its last good value for the form, so a form reading only values would save that value, or "none", while
 * the field shows an error. Such a field sets its input's custom validity instead; whatever saves or applies the
 * fields asks `refusesInvalidFields` first. Only custom validity counts: the forms check required fields, lengths
 * and formats themselves, with their own messages.
 */

type Checkable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isCheckable(element: Element): element is Checkable {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** The fields of `scope` (a form, or the element around fields with no form) that hold a value they refuse. */
export function invalidFieldsOf(scope: Element): Checkable[] {
  const elements = scope instanceof HTMLFormElement ? Array.from(scope.elements) : Array.from(scope.querySelectorAll('input, select, textarea'));
  return elements.filter(isCheckable).filter((element) => element.willValidate && element.validity.customError);
}

/**
 * True when a field of `scope` refuses what it holds: each such field is told (its 'invalid' event, on which it
 * shows its error) and the first takes the focus, for the user to fix it. False when the fields may be saved.
 */
export function refusesInvalidFields(scope: Element | null): boolean {
  if (!scope) return false;
  const invalid = invalidFieldsOf(scope);
  for (const field of invalid) field.checkValidity();
  invalid[0]?.focus();
  return invalid.length > 0;
}

/** An onSubmit handler that goes on only when no field of the form refuses what it holds. */
export function submitWhenValid(handler: (event: FormEvent<HTMLFormElement>) => unknown): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    if (refusesInvalidFields(event.currentTarget)) {
      event.preventDefault();
      return;
    }
    void handler(event);
  };
}
