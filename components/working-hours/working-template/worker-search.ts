import { foldForSearch } from '@/lib/client/option-filter';
import { isLanguage, languageNames } from '@/lib/contract/languages';
import type { Role } from '@/lib/contract/roles';
import type { UserListItem } from '@/lib/contract/users';

/** The words a user reads on screen for what the filter matches besides the worker's own data. */
export interface WorkerSearchLabels {
  roles: Record<Role, string>;
  active: string;
  deactivated: string;
}

/**
 * Everything the working-template filter matches (spec 02 §2.5): username, name, preferred language (its code and
 * its name), phone, role names and active/deactivated, in the words of the user's language.
 */
export function workerSearchText(worker: UserListItem, labels: WorkerSearchLabels): string {
  const language = worker.preferredLanguage;
  return foldForSearch(
    [
      worker.username,
      `${worker.name} ${worker.surname}`,
      language ?? '',
      language && isLanguage(language) ? languageNames[language] : '',
      worker.phone ?? '',
      ...worker.roles.map((role) => labels.roles[role]),
      worker.active ? labels.active : labels.deactivated,
    ].join('\n'),
  );
}

/** The workers whose search text holds the query, case- and accent-insensitive; all of them for a blank query. */
export function filterWorkers(
  workers: readonly UserListItem[],
  query: string,
  labels: WorkerSearchLabels,
): UserListItem[] {
  const folded = foldForSearch(query.trim());
  if (folded === '') return [...workers];
  return workers.filter((worker) => workerSearchText(worker, labels).includes(folded));
}
