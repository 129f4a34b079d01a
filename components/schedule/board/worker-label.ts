import { initialsOf } from '@/lib/contract/person-name';
import type { BoardWorker } from '@/lib/contract/schedule-board';

const svgNs = 'http://www.w3.org/2000/svg';

/** Lucide's "route" icon, drawn without React. */
function routeIcon(): SVGSVGElement {
  const svg = document.createElementNS(svgNs, 'svg');
  for (const [name, value] of Object.entries({
    width: '16',
    height: '16',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
  })) {
    svg.setAttribute(name, value);
  }
  const path = document.createElementNS(svgNs, 'path');
  path.setAttribute('d', 'M9 5h8.5a1 1 0 010 7h-11a1 1 0 000 7H15');
  svg.append(path);
  for (const [cx, cy] of [
    ['18', '19'],
    ['6', '5'],
  ]) {
    const circle = document.createElementNS(svgNs, 'circle');
    circle.setAttribute('cx', cx);
    circle.setAttribute('cy', cy);
    circle.setAttribute('r', '3');
    svg.append(circle);
  }
  return svg;
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/**
 * A row's head as plain DOM: the worker's picture over their initials (the initials show when there is no picture or
 * it cannot be read), their name, and the route button (a click is handled by the grid through `data-route-worker`).
 * Plain DOM rather than a React portal per row: FullCalendar redraws row heads on each sizing pass, and 100 portals
 * re-rendered that often cost more than the whole grid.
 */
export function workerLabel(worker: BoardWorker, routeLabel: string): HTMLElement {
  const name = `${worker.name} ${worker.surname}`.trim();
  const root = element('div', 'flex h-12 items-center gap-2 pr-1');
  root.dataset.testid = 'board-worker';
  root.dataset.workerId = String(worker.id);
  const avatar = element(
    'span',
    'relative inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand/15 text-xs font-semibold text-brand',
    initialsOf(worker.name, worker.surname),
  );
  avatar.setAttribute('aria-hidden', 'true');
  if (worker.profilePictureId !== null) {
    const picture = element('span', 'absolute inset-0 bg-cover bg-center');
    picture.style.backgroundImage = `url("/api/web/users/${worker.id}/profile-picture/${worker.profilePictureId}")`;
    avatar.append(picture);
  }
  const label = element('span', 'min-w-0 flex-1 truncate text-sm text-slate-800', name);
  label.title = name;
  const button = element('button', 'rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-brand');
  button.type = 'button';
  button.dataset.routeWorker = String(worker.id);
  button.setAttribute('aria-label', routeLabel);
  button.title = routeLabel;
  button.append(routeIcon());
  root.append(avatar, label, button);
  return root;
}
