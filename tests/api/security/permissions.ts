/**
 * Who may make each call, written by hand from the spec (00-decisions "Tenancy and roles", 03 §2.2 and §5 menus and
 * settings table, 02 §2.5 working hours), NOT read from the routes' contracts: the role matrix test compares the
 * two. Keys are `METHOD /path` (with ` #n` for the n-th variant of a chooseRoute() call, ` (…)` for a case the
 * body chooses).
 *
 * - owner, tasksManager, usersManager, billingManager: manager roles (an owner holds all four).
 * - assignee: a worker, on the worker calls.
 * - ownTask: a worker, on a task assigned to them; any other task answers 404 (the spec's "only their own tasks").
 * - signedIn: anyone signed in (an API key too, acting as its maker).
 * - session: anyone signed in with a password session: a key never changes its maker's password.
 */
export type Permission = 'owner' | 'tasksManager' | 'usersManager' | 'billingManager' | 'assignee' | 'ownTask' | 'signedIn' | 'session';

/** Top menu entries (dashboard, tasks, schedule, tracking, clients, reporting, working-hours templates). */
const tasks: Permission[] = ['tasksManager'];
/** Settings tables: notifications, custom fields, cancellation reasons, API keys, time slots, skills, zones. */
const settings: Permission[] = ['owner', 'usersManager', 'billingManager'];
/** Settings tables are also read by the task form (tasksManager) and the user form (usersManager) as pickers. */
const settingsReaders: Permission[] = [...settings, 'tasksManager'];
/** Users, working templates of users, availability and unavailability. */
const users: Permission[] = ['usersManager'];
/** Locale and feature settings, the outbox. */
const owner: Permission[] = ['owner'];
const signedIn: Permission[] = ['signedIn'];
/** Task calls a worker makes on their own tasks (attachments, notes, signature, report, the task itself). */
const tasksAndOwnTask: Permission[] = ['tasksManager', 'ownTask'];

export const permissions: Record<string, Permission[]> = {
  // Settings tables: read by pickers, written by the settings roles.
  'GET /api/web/cancellation_reason': settingsReaders,
  'POST /api/web/cancellation_reason': settings,
  'GET /api/web/cancellation_reason/{id}': settingsReaders,
  'PUT /api/web/cancellation_reason/{id}': settings,
  'DELETE /api/web/cancellation_reason/{id}': settings,
  'GET /api/web/custom-field': settingsReaders,
  'POST /api/web/custom-field': settings,
  'GET /api/web/custom-field/{id}': settingsReaders,
  'PUT /api/web/custom-field/{id}': settings,
  'DELETE /api/web/custom-field/{id}': settings,
  'GET /api/web/time-slot': settingsReaders,
  'POST /api/web/time-slot': settings,
  'GET /api/web/time-slot/{id}': settingsReaders,
  'PUT /api/web/time-slot/{id}': settings,
  'DELETE /api/web/time-slot/{id}': settings,
  'GET /api/web/skills': settingsReaders,
  'POST /api/web/skills': settings,
  'GET /api/web/skills/{id}': settingsReaders,
  'PUT /api/web/skills/{id}': settings,
  'DELETE /api/web/skills/{id}': settings,
  'GET /api/web/zones': settingsReaders,
  'POST /api/web/zones': settings,
  'GET /api/web/zones/{id}': settingsReaders,
  'PUT /api/web/zones/{id}': settings,
  'DELETE /api/web/zones/{id}': settings,
  'GET /api/web/notification': settings,
  'POST /api/web/notification': settings,
  'GET /api/web/notification/{id}': settings,
  'PUT /api/web/notification/{id}': settings,
  'DELETE /api/web/notification/{id}': settings,
  'PATCH /api/web/notification/{id}/enable': settings,
  'PATCH /api/web/notification/{id}/disable': settings,
  'GET /api/web/key': settings,
  'POST /api/web/key': settings,
  'GET /api/web/key/{id}': settings,
  'PUT /api/web/key/{id}': settings,
  'DELETE /api/web/key/{id}': settings,
  // Task types are a settings entry visible to tasksManager (03 §5), read by every picker.
  'GET /api/web/task-types': settingsReaders,
  'POST /api/web/task-types': tasks,
  'GET /api/web/task-types/{id}': settingsReaders,
  'PUT /api/web/task-types/{id}': tasks,
  'DELETE /api/web/task-types/{id}': tasks,
  // Locale, features, outbox: the owner's.
  'GET /api/web/settings': ['owner', 'tasksManager', 'usersManager', 'billingManager'],
  'PUT /api/web/settings': owner,
  'GET /api/web/tenant_feature': ['owner', 'tasksManager', 'usersManager', 'billingManager'],
  'POST /api/web/tenant_feature/{id}': owner,
  'DELETE /api/web/tenant_feature/{id}': owner,
  'GET /api/web/outbox': owner,
  // Everyone's own account and the shell's reference data.
  'GET /api/web/features': signedIn,
  'GET /api/web/me': signedIn,
  'GET /api/web/users/me': signedIn,
  'PUT /api/web/users/me': signedIn,
  'PATCH /api/web/users/me/preferences': signedIn,
  'PUT /api/web/users/password-change': ['session'],
  'PATCH /api/web/users/preferredTaskColumns': signedIn,
  'GET /api/web/users/timezone': signedIn,
  'PUT /api/web/users/timezone': signedIn,
  'GET /api/web/users/{id}/tenant': signedIn,
  'GET /api/web/users/{id}/profile-picture/{pictureId}': signedIn,
  // Another user's picture: the users screen's (a user's own picture is everyone's, tests/api/profile-picture).
  'POST /api/web/users/{id}/profile-picture': users,
  // Clients (top menu, tasksManager).
  'GET /api/web/clients': tasks,
  'POST /api/web/clients': tasks,
  'GET /api/web/clients/{id}': tasks,
  'PUT /api/web/clients/{id}': tasks,
  'DELETE /api/web/clients/{id}': tasks,
  'POST /api/web/clients/upload/csv': tasks,
  'GET /api/web/clients/upload/csv/sample': tasks,
  'GET /api/web/xero': tasks,
  'POST /api/web/xero': tasks,
  'GET /api/web/xero/get-credentials': tasks,
  'POST /api/web/xero/save-credentials': tasks,
  'PUT /api/web/xero/override-duplicated-clients': tasks,
  // Dashboard and reporting.
  'GET /api/web/dashboard/completed-tasks': tasks,
  'GET /api/web/dashboard/customer-analysis': tasks,
  'GET /api/web/dashboard/estimated-hours-vs-actual-hours': tasks,
  'GET /api/web/dashboard/task-location-analysis': tasks,
  'GET /api/web/dashboard/task-status-analysis': tasks,
  'GET /api/web/dashboard/task-type-analysis': tasks,
  'GET /api/web/dashboard/total-tasks': tasks,
  'GET /api/web/dashboard/workforce-analysis': tasks,
  'GET /api/web/dashboard/workforce-availability': tasks,
  'POST /api/web/reports/efficiency': tasks,
  // Address search: the task and client forms (tasksManager), a worker's start address (usersManager).
  'GET /api/web/geocode': ['tasksManager', 'usersManager'],
  // Tasks, schedule, tracking.
  'GET /api/web/tasks': tasks,
  'POST /api/web/tasks': tasks,
  'GET /api/web/tasks/scheduled': tasks,
  'GET /api/web/tasks/unscheduled': tasks,
  'GET /api/web/tasks/stream': tasks,
  'GET /api/web/tasks/board': tasks,
  'GET /api/web/tasks/board/unscheduled': tasks,
  'GET /api/web/tasks/assignment-check': tasks,
  'POST /api/web/tasks/duplicate': tasks,
  'POST /api/web/tasks/notes': tasks,
  'POST /api/web/tasks/files/search': tasks,
  'POST /api/web/tasks/recurring': tasks,
  'PUT /api/web/tasks/recurring/{id}': tasks,
  'DELETE /api/web/tasks/cancelRecurring/{id}': tasks,
  'PUT /api/web/tasks/reset/{id}': tasks,
  'POST /api/web/tasks/upload/csv': tasks,
  'GET /api/web/tasks/upload/csv/sample': tasks,
  'PATCH /api/web/tasks/update-status (task status)': tasks,
  'PATCH /api/web/tasks/update-status (billing status)': ['tasksManager', 'billingManager'],
  'PUT /api/web/tasks/auto-schedule': tasks,
  'GET /api/web/tasks/auto-schedule/summary': tasks,
  'POST /api/web/tasks/auto-schedule/{id}/undo': tasks,
  'GET /api/web/task/direction': tasks,
  'GET /api/web/tracking': tasks,
  'GET /api/web/tracking/trail': tasks,
  'GET /api/web/users/available': tasks,
  'GET /api/web/tasks/{id}': tasksAndOwnTask,
  'PUT /api/web/tasks/{id}': tasks,
  'PUT /api/web/tasks/{id}/updateTaskAndTheirChildren': tasks,
  'POST /api/web/tasks/{id}/cancellation': tasks,
  'POST /api/web/tasks/{id}/cancelTaskAndTheirChildren': tasks,
  'PUT /api/web/tasks/{id}/schedule': tasks,
  'DELETE /api/web/tasks/{id}/schedule': tasks,
  'GET /api/web/tasks/{id}/logs': tasks,
  'GET /api/web/tasks/{id}/timeline': tasks,
  'GET /api/web/tasks/{id}/report': tasksAndOwnTask,
  'GET /api/web/tasks/{id}/files': tasksAndOwnTask,
  'POST /api/web/tasks/{id}/files': tasksAndOwnTask,
  'GET /api/web/tasks/{id}/files/{fileId}': tasksAndOwnTask,
  'PUT /api/web/tasks/{id}/files/{fileId}': tasks,
  'DELETE /api/web/tasks/{id}/files/{fileId}': tasks,
  'PUT /api/web/tasks/{id}/files/{fileId}/description': tasks,
  'GET /api/web/tasks/{id}/notes': tasksAndOwnTask,
  'POST /api/web/tasks/{id}/notes': tasksAndOwnTask,
  'PUT /api/web/tasks/{id}/notes/{noteId}': tasks,
  'DELETE /api/web/tasks/{id}/notes/{noteId}': tasks,
  'GET /api/web/tasks/{id}/signature': tasksAndOwnTask,
  'POST /api/web/tasks/{id}/signature': tasksAndOwnTask,
  'GET /api/web/tasks/{id}/signature/{signatureId}': tasksAndOwnTask,
  // The worker's own calls.
  'GET /api/web/worker/tasks': ['assignee'],
  'PATCH /api/web/worker/tasks/{id}/status': ['ownTask'],
  'POST /api/web/users/me/location': ['assignee'],
  // Working hours: templates are the tasksManager's, the users' templates and availability the usersManager's.
  'GET /api/web/working-hours': tasks,
  'POST /api/web/working-hours': tasks,
  'GET /api/web/working-hours/{id}': tasks,
  'PUT /api/web/working-hours/{id}': tasks,
  'DELETE /api/web/working-hours/{id}': tasks,
  'GET /api/web/worker-unavailability': users,
  'POST /api/web/worker-unavailability': users,
  'PUT /api/web/worker-unavailability/{id}': users,
  // The scheduler greys unavailable workers (tasksManager); the availability screen edits them (usersManager).
  'GET /api/web/workers-unavailability': ['usersManager', 'tasksManager'],
  'GET /api/web/users/{id}/scheduling': users,
  'PUT /api/web/users/{id}/scheduling': users,
  // Users.
  'GET /api/web/users': users,
  'POST /api/web/users': users,
  // A user's card is read by the users screen and by the task drawer's assignee (tasksManager).
  'GET /api/web/users/{id}': ['usersManager', 'tasksManager'],
  'PUT /api/web/users/{id} #1': users,
  'PUT /api/web/users/{id} #2': users,
  'DELETE /api/web/users/{id}': users,
  'PUT /api/web/users/update-multi-user #1': users,
  'PUT /api/web/users/update-multi-user #2': users,
};

/** Rows whose body picks the rule: the extra body fields that select each case. */
export const bodyCases: Record<string, Record<string, unknown>> = {
  'PATCH /api/web/tasks/update-status (task status)': { type: 'task status' },
  'PATCH /api/web/tasks/update-status (billing status)': { type: 'billing status' },
};
