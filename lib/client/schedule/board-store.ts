import { isNewer } from '@/lib/client/live-updates';
import type { BoardData, BoardTask, UnscheduledPage } from '@/lib/contract/schedule-board';

/** Where a task shows on the board: a bar on the grid, a row of one of the panels, or nowhere. */
export type Placement = 'event' | 'unassigned' | 'unscheduled';

export interface PlacementChange {
  task: BoardTask;
  before: Placement | null;
  after: Placement | null;
}

interface Scope {
  start: number;
  end: number;
  workerIds: ReadonlySet<number>;
}

/** The server's rules for each list of GET tasks/board, applied to one task in the browser. */
export function placementOf(task: BoardTask, scope: Scope): Placement | null {
  if (task.start === null) return task.cancelled ? null : 'unscheduled';
  const start = Date.parse(task.start);
  if (task.assigneeId === null) {
    return !task.cancelled && start >= scope.start && start < scope.end ? 'unassigned' : null;
  }
  const end = start + task.durationMins * 60_000;
  return scope.workerIds.has(task.assigneeId) && start < scope.end && end > scope.start ? 'event' : null;
}

export interface PanelLists {
  unassigned: BoardTask[];
  /** The unscheduled rows held: one page of those matching the panel's filter (newest first). */
  unscheduled: BoardTask[];
  /** How many unscheduled tasks match the filter in all, on the server. */
  unscheduledTotal: number;
}

/** The unscheduled panel's filter, as GET tasks/board/unscheduled applies it: type name or reference number. */
export function matchesUnscheduledFilter(task: BoardTask, filter: string): boolean {
  const text = filter.trim().toLowerCase();
  return task.typeName.toLowerCase().includes(text) || String(task.referenceNumber).includes(text.replace(/^#/, ''));
}

const byStart = (a: BoardTask, b: BoardTask) => (a.start ?? '').localeCompare(b.start ?? '') || a.id - b.id;
/** Newest first, as the server sends them (ids grow with creation). */
const newestFirst = (a: BoardTask, b: BoardTask) => b.id - a.id;

/**
 * What the board holds, by task id, outside React: the grid is told of each change and moves one bar, the panels
 * re-render from their lists, and nothing re-renders the whole calendar for one task.
 */
export class BoardStore {
  private tasks = new Map<number, { task: BoardTask; placement: Placement }>();
  private scope: Scope = { start: 0, end: 0, workerIds: new Set() };
  private panels: PanelLists = { unassigned: [], unscheduled: [], unscheduledTotal: 0 };
  private panelListeners = new Set<() => void>();
  /**
   * The unscheduled panel holds one page of thousands: its filter and total. A change to a task the page does not
   * hold may concern one beyond the page; when the page is cut, such a change asks for the page again (staleListeners).
   */
  private unscheduledFilter = '';
  private unscheduledTotal = 0;
  private staleListeners = new Set<() => void>();
  private changeListeners = new Set<(change: PlacementChange) => void>();
  private loadListeners = new Set<() => void>();
  data: BoardData | null = null;

  load(data: BoardData): void {
    this.data = data;
    this.scope = {
      start: Date.parse(data.range.start),
      end: Date.parse(data.range.end),
      workerIds: new Set(data.workers.map((worker) => worker.id)),
    };
    this.tasks.clear();
    for (const task of data.events) this.tasks.set(task.id, { task, placement: 'event' });
    for (const task of data.unassigned) this.tasks.set(task.id, { task, placement: 'unassigned' });
    for (const task of data.unscheduled) this.tasks.set(task.id, { task, placement: 'unscheduled' });
    this.unscheduledFilter = '';
    this.unscheduledTotal = data.unscheduledTotal;
    this.panels = { unassigned: data.unassigned, unscheduled: data.unscheduled, unscheduledTotal: data.unscheduledTotal };
    this.loadListeners.forEach((listener) => listener());
    this.panelListeners.forEach((listener) => listener());
  }

  get(id: number): BoardTask | undefined {
    return this.tasks.get(id)?.task;
  }

  events(): BoardTask[] {
    const events: BoardTask[] = [];
    for (const entry of this.tasks.values()) if (entry.placement === 'event') events.push(entry.task);
    return events;
  }

  /** The filter the unscheduled page was read with. */
  get unscheduledFilterText(): string {
    return this.unscheduledFilter;
  }

  /**
   * The unscheduled page GET tasks/board/unscheduled answered for `filter`: it replaces the rows held. A row the
   * board holds in a newer version (a live change that came while the page was read) keeps that version.
   */
  setUnscheduled(filter: string, page: UnscheduledPage): void {
    for (const [id, entry] of this.tasks) if (entry.placement === 'unscheduled') this.tasks.delete(id);
    for (const task of page.tasks) {
      const held = this.tasks.get(task.id);
      if (held && !isNewer(task, held.task)) continue;
      this.tasks.set(task.id, { task, placement: 'unscheduled' });
    }
    this.unscheduledFilter = filter;
    this.unscheduledTotal = page.total;
    this.panels = this.rebuildPanels();
    this.panelListeners.forEach((listener) => listener());
  }

  /** Holds this version of the task wherever it now belongs; answers where it was and where it went. */
  put(task: BoardTask): PlacementChange {
    const before = this.tasks.get(task.id)?.placement ?? null;
    let after = placementOf(task, this.scope);
    after = this.countUnscheduled(task, before, after);
    if (after) this.tasks.set(task.id, { task, placement: after });
    else this.tasks.delete(task.id);
    return this.announce({ task, before, after });
  }

  remove(id: number): PlacementChange | null {
    const held = this.tasks.get(id);
    if (!held) {
      // Perhaps an unscheduled task beyond the page: only the server can say.
      if (this.unscheduledCut()) this.staleListeners.forEach((listener) => listener());
      return null;
    }
    this.tasks.delete(id);
    if (held.placement === 'unscheduled') this.unscheduledTotal = Math.max(0, this.unscheduledTotal - 1);
    return this.announce({ task: held.task, before: held.placement, after: null });
  }

  /** The unscheduled rows held, and the id of the oldest (the page is newest first). */
  private heldUnscheduled(): { count: number; oldestId: number } {
    let count = 0;
    let oldestId = Number.POSITIVE_INFINITY;
    for (const [id, entry] of this.tasks) {
      if (entry.placement !== 'unscheduled') continue;
      count++;
      oldestId = Math.min(oldestId, id);
    }
    return { count, oldestId };
  }

  /** Whether the page holds fewer unscheduled rows than match on the server. */
  private unscheduledCut(): boolean {
    return this.unscheduledTotal > this.heldUnscheduled().count;
  }

  /**
   * Keeps the unscheduled total right for a task that is or becomes a row of the panel, and decides whether the
   * page holds it: one not matching the filter is not held, nor one that sorts beyond a cut page. A task the board
   * did not hold at all may have been unscheduled already, beyond a cut page: only the server can say, so the page
   * is read again.
   */
  private countUnscheduled(task: BoardTask, before: Placement | null, after: Placement | null): Placement | null {
    const fits = after === 'unscheduled' && matchesUnscheduledFilter(task, this.unscheduledFilter);
    if (before === 'unscheduled') {
      if (fits) return after;
      this.unscheduledTotal = Math.max(0, this.unscheduledTotal - 1);
      return after === 'unscheduled' ? null : after;
    }
    if (after !== 'unscheduled') {
      if (before === null && this.unscheduledCut()) this.staleListeners.forEach((listener) => listener());
      return after;
    }
    if (!fits) return null;
    const held = this.heldUnscheduled();
    if (before === null && this.unscheduledTotal > held.count) {
      this.staleListeners.forEach((listener) => listener());
      return null;
    }
    // Known to be new to the panel (the board held it elsewhere, or the page holds every match).
    this.unscheduledTotal += 1;
    return this.unscheduledTotal - 1 > held.count && task.id < held.oldestId ? null : after;
  }

  private announce(change: PlacementChange): PlacementChange {
    if (change.before === 'event' || change.after === 'event') this.changeListeners.forEach((listener) => listener(change));
    const panels: (Placement | null)[] = ['unassigned', 'unscheduled'];
    if (panels.includes(change.before) || panels.includes(change.after) || this.panels.unscheduledTotal !== this.unscheduledTotal) {
      this.panels = this.rebuildPanels();
      this.panelListeners.forEach((listener) => listener());
    }
    return change;
  }

  private rebuildPanels(): PanelLists {
    const unassigned: BoardTask[] = [];
    const unscheduled: BoardTask[] = [];
    for (const { task, placement } of this.tasks.values()) {
      if (placement === 'unassigned') unassigned.push(task);
      else if (placement === 'unscheduled') unscheduled.push(task);
    }
    return { unassigned: unassigned.sort(byStart), unscheduled: unscheduled.sort(newestFirst), unscheduledTotal: this.unscheduledTotal };
  }

  /** For useSyncExternalStore: the same object until a panel changes. */
  panelLists = (): PanelLists => this.panels;

  onPanels = (listener: () => void) => {
    this.panelListeners.add(listener);
    return () => {
      this.panelListeners.delete(listener);
    };
  };

  onEventChange(listener: (change: PlacementChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => {
      this.changeListeners.delete(listener);
    };
  }

  /** A change the board cannot place in the cut unscheduled page: the page is to be read again. */
  onUnscheduledStale(listener: () => void): () => void {
    this.staleListeners.add(listener);
    return () => {
      this.staleListeners.delete(listener);
    };
  }

  onLoad(listener: () => void): () => void {
    this.loadListeners.add(listener);
    return () => {
      this.loadListeners.delete(listener);
    };
  }
}
