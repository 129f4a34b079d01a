/**
 * FullCalendar's resource timeline is an ARIA grid whose lanes table is hidden (aria-hidden), although the task bars
 * in it take the keyboard focus (Enter opens a task, Shift+F10 its menu): a focused bar would be read as nothing.
 * Shown, the lanes table is layout, each worker's lane a row of the grid and each bar a cell of it, which is what the
 * grid allows in its rows. FullCalendar (Preact) sets an attribute again only when its own value for it changes,
 * which these never do; a lane or bar drawn anew gets them again here when its bar mounts.
 */
export function exposeBar(bar: HTMLElement): void {
  bar.setAttribute('role', 'gridcell');
  const lane = bar.closest('td');
  lane?.setAttribute('role', 'presentation');
  lane?.closest('tr')?.setAttribute('role', 'row');
  const lanes = bar.closest('table[aria-hidden="true"]');
  if (!lanes) return;
  lanes.removeAttribute('aria-hidden');
  lanes.setAttribute('role', 'presentation');
}
