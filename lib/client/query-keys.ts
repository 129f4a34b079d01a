/**
 * Every key of the app's query cache, by area, so a screen that reads and one that invalidates name the same data
 * the same way. The first part of a key is its area: invalidating an area reaches all of its reads.
 */
export const taskListKeys = {
  /** The task list screen's own copies, replaced from the server's render each time the screen opens. */
  all: ['task-list'] as const,
  me: ['task-list', 'me'] as const,
  taskTypes: ['task-list', 'task-types'] as const,
  clients: ['task-list', 'clients'] as const,
  customFields: ['task-list', 'custom-fields'] as const,
  cancellationReasons: ['task-list', 'cancellation-reasons'] as const,
  unscheduled: ['task-list', 'tasks', 'unscheduled'] as const,
  scheduled: (from: string, to: string) => ['task-list', 'tasks', 'scheduled', from, to] as const,
  pending: ['task-list', 'tasks', 'pending'] as const,
  notesSearch: (text: string, taskIds: readonly number[]) => ['task-list', 'notes-search', text, taskIds] as const,
  filesSearch: (text: string, taskIds: readonly number[]) => ['task-list', 'files-search', text, taskIds] as const,
};

export const currentUserKeys = {
  clock: ['current-user', 'clock'] as const,
};

export const scheduleKeys = {
  /** The board's tasks and workers for a range; the live stream patches the board's store, not this. */
  board: (from: string, to: string) => ['schedule', 'board', from, to] as const,
  /** The board's unscheduled panel, one page per filter text. */
  unscheduledAll: ['schedule', 'unscheduled'] as const,
  unscheduled: (filter: string) => ['schedule', 'unscheduled', filter] as const,
  trail: (workerId: number, from: string, to: string) => ['schedule', 'trail', workerId, from, to] as const,
  routeLegs: (query: string) => ['schedule', 'route-legs', query] as const,
  autoScheduleSummary: (date: string, reloadKey: number) => ['schedule', 'auto-schedule-summary', date, reloadKey] as const,
};

export const settingsKeys = {
  /** A settings list, by the API path it is read from. */
  rows: (path: string) => ['settings', 'rows', path] as const,
  features: ['settings', 'features'] as const,
  outbox: ['settings', 'outbox'] as const,
};

export const dashboardKeys = {
  widget: (path: string, version: number) => ['dashboard', path, version] as const,
};

export const workingHoursKeys = {
  templates: ['working-hours', 'templates'] as const,
  workers: ['working-hours', 'workers'] as const,
  /** A worker's start location and tasks-per-day limit with the office location, read once per opening of the assign drawer. */
  scheduling: (workerId: number) => ['working-hours', 'scheduling', workerId] as const,
};

export const clientKeys = {
  /** One page of the clients screen's list, filtered and paged on the server. */
  page: (filter: string, pageIndex: number, pageSize: number) => ['clients', 'page', filter, pageIndex, pageSize] as const,
};

export const recordDrawerKeys = {
  /** The record a drawer edits, read once per opening of the drawer. */
  record: (path: string, opening: number) => ['record-drawer', path, opening] as const,
};

export const taskTypeKeys = {
  choices: ['task-types', 'choices'] as const,
  one: (typeId: number) => ['task-types', typeId] as const,
};

export const authKeys = {
  resetToken: (token: string) => ['auth', 'reset-token', token] as const,
};

export const trackingKeys = {
  /** The workers' last positions and days on the live map, polled and brought forward by position events. */
  items: ['tracking', 'items'] as const,
};

export const publicLinkKeys = {
  tracking: (token: string) => ['public-link', 'tracking', token] as const,
};

export const taskFileKeys = {
  /** A CSV attachment's first rows, read for its preview. */
  csvPreview: (url: string) => ['task-files', 'csv-preview', url] as const,
};

export const accountingKeys = {
  credentials: ['accounting', 'credentials'] as const,
};

/**
 * The worker's phone view. These reads are kept only while a screen shows them (gcTime 0): offline, a reopened task
 * shows what the phone's own cache holds, as it did before the query cache.
 */
export const workerKeys = {
  signature: (taskId: number, queued: number) => ['worker', 'signature', taskId, queued] as const,
  files: (taskId: number, waiting: number) => ['worker', 'files', taskId, waiting] as const,
  task: (taskId: number) => ['worker', 'task', taskId] as const,
};

export type TaskResource = 'signatures' | 'history' | 'notes' | 'files';

export const taskDrawerKeys = {
  /** The pickers' lists and the user's clock and time zone, read once per opening of the drawer (`opening`). */
  reference: (opening: number) => ['task-drawer', 'reference', opening] as const,
  /** The task the drawer shows, read when it opens on it and again on a stale save or a refresh. */
  task: (taskId: number) => ['task-drawer', 'task', taskId] as const,
  /** A series child's parent, for the notice that names the series. */
  parent: (parentId: number) => ['task-drawer', 'parent', parentId] as const,
  /** The workers free for a slot, offered by the worker picker. */
  freeWorkers: (from: string, to: string) => ['task-drawer', 'free-workers', from, to] as const,
  resource: (resource: TaskResource, taskId: number, updated: string | null) => ['task-drawer', resource, taskId, updated] as const,
};
