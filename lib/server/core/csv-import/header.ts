import 'server-only';
import { CsvImportErrorCode } from '@/lib/contract/csv-import';
import { problem, type Problem } from '@/lib/contract/errors';
import { HttpError } from '@/lib/server/core/errors';
import { nameKey } from './cells';

/**
 * What each column of a file holds. The header is the contract: every column named once, each name one that
 * `resolve` knows (by its nameKey), and the required columns present. Anything else refuses the whole file with
 * import.invalidHeader, naming every problem under csvFile, each with its own code.
 */
export function readHeaderColumns<Slot>(
  header: readonly string[],
  resolve: (key: string) => Slot | undefined,
  required: readonly string[],
): Slot[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const slots: Slot[] = [];
  header.forEach((name, index) => {
    const key = nameKey(name);
    if (key === '') problems.push(problem('import.columnUnnamed', `Column ${index + 1} has no name.`, { index: index + 1 }));
    else if (seen.has(key)) problems.push(problem('import.columnRepeated', `The column "${name}" appears more than once.`, { column: name }));
    seen.add(key);
    const slot = key === '' ? undefined : resolve(key);
    if (slot !== undefined) slots.push(slot);
    else if (key !== '') problems.push(problem('import.unknownColumn', `Unknown column "${name}".`, { column: name }));
  });
  for (const column of required) {
    if (!seen.has(nameKey(column))) problems.push(problem('import.columnRequired', `The column "${column}" is required.`, { column }));
  }
  if (problems.length > 0) {
    throw new HttpError(400, CsvImportErrorCode.invalidHeader, 'The header of the file is not valid.', { csvFile: problems });
  }
  return slots;
}
