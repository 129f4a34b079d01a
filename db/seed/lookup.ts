/** A map read that fails loudly: a missing name here is a mistake in the seed's own tables. */
export function idOf(ids: ReadonlyMap<string, number>, name: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`seed: no id for "${name}"`);
  return id;
}

export function findOrThrow<T>(items: readonly T[], matches: (item: T) => boolean, what: string): T {
  const found = items.find(matches);
  if (found === undefined) throw new Error(`seed: no ${what}`);
  return found;
}
