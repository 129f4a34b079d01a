/** Lower case without accents, so 'cafe' finds 'Caffè Nero' and 'ROSSI' finds 'Rossi'. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('en');
}

/** The options whose label holds the query (case- and accent-insensitive); all of them for an empty query. */
export function filterOptions<T extends { label: string }>(options: readonly T[], query: string): T[] {
  const folded = foldForSearch(query.trim());
  if (folded === '') return [...options];
  return options.filter((option) => foldForSearch(option.label).includes(folded));
}
