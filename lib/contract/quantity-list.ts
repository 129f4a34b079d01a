/**
 * A quantity select's stored value is a JSON list of {id, value, quantity} (spec 01 §3). People read it as one
 * "item × quantity" per material, never as the JSON: the worker's phone, the task list and its CSV export, the PDF
 * report and the history all read it through here. Isomorphic, so the server's report shares it.
 */
export interface QuantityLine {
  item: string;
  quantity: string;
}

/** The items of a stored quantity list, or null when the text is not one (then it shows as it is). */
export function quantityLines(text: string | null | undefined): QuantityLine[] | null {
  const trimmed = text?.trim() ?? '';
  if (!trimmed.startsWith('[')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const lines: QuantityLine[] = [];
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { value, quantity } = entry as { value?: unknown; quantity?: unknown };
    if (typeof value !== 'string') return null;
    lines.push({ item: value, quantity: quantity === null || quantity === undefined ? '' : String(quantity) });
  }
  return lines;
}

/** 'Valve × 2'; an item saved without its quantity reads as the item alone. */
export const quantityLineText = (line: QuantityLine): string => (line.quantity === '' ? line.item : `${line.item} × ${line.quantity}`);

/** The whole list on one line, 'Valve × 2, Filter × 1', or null when the text is not a quantity list. */
export function quantityListText(text: string | null | undefined, separator = ', '): string | null {
  const lines = quantityLines(text);
  return lines ? lines.map(quantityLineText).join(separator) : null;
}
