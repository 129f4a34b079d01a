/** Two clicks within this time on the same bar, slot or panel row count as a double click (spec 2.1). */
export const doubleClickMs = 400;

/** Remembers the last click; answers true when this one completes a double click on the same key. */
export function createDoubleClick(now: () => number = Date.now): (key: string) => boolean {
  let last: { key: string; at: number } | null = null;
  return (key) => {
    const at = now();
    if (last && last.key === key && at - last.at <= doubleClickMs) {
      last = null;
      return true;
    }
    last = { key, at };
    return false;
  };
}
