/** How a name in an imported file is compared: trimmed, case-insensitive, inner spaces collapsed. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A number as spreadsheets write it, with a decimal point or, in semicolon files, a decimal comma. */
export function parseNumber(text: string): number | null {
  const normal = text.includes('.') ? text : text.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : null;
}
