import type { BoardData, BoardTask } from '@/lib/contract/schedule-board';

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
  unscheduled: BoardTask[];
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
  private panels: PanelLists = { unassigned: [], unscheduled: [] };
  private panelListeners = new Set<() => void>();
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
    this.panels = { unassigned: data.unassigned, unscheduled: data.unscheduled };
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

  /** Holds this version of the task wherever it now belongs; answers where it was and where it went. */
  put(task: BoardTask): PlacementChange {
    const before = this.tasks.get(task.id)?.placement ?? null;
    const after = placementOf(task, this.scope);
    if (after) this.tasks.set(task.id, { task, placement: after });
    else this.tasks.delete(task.id);
    return this.announce({ task, before, after });
  }

  remove(id: number): PlacementChange | null {
    const held = this.tasks.get(id);
    if (!held) return null;
    this.tasks.delete(id);
    return this.announce({ task: held.task, before: held.placement, after: null });
  }

  private announce(change: PlacementChange): PlacementChange {
    if (change.before === 'event' || change.after === 'event') this.changeListeners.forEach((listener) => listener(change));
    const panels: (Placement | null)[] = ['unassigned', 'unscheduled'];
    if (panels.includes(change.before) || panels.includes(change.after)) {
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
    return { unassigned: unassigned.sort(byStart), unscheduled: unscheduled.sort(newestFirst) };
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

  onLoad(listener: () => void): () => void {
    this.loadListeners.add(listener);
    return () => {
      this.loadListeners.delete(listener);
    };
  }
}
