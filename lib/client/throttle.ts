/** Answers true for a key at most once per `intervalMs`; calls in between answer false. */
export function createThrottle(intervalMs: number, now: () => number = Date.now): (key: string) => boolean {
  const lastAllowed = new Map<string, number>();
  return (key) => {
    const time = now();
    const last = lastAllowed.get(key);
    if (last !== undefined && time - last < intervalMs) return false;
    lastAllowed.set(key, time);
    return true;
  };
}
