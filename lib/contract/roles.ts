export const managerRoles = ['owner', 'tasksManager', 'usersManager', 'billingManager'] as const;
export const roles = [...managerRoles, 'assignee'] as const;
export type Role = (typeof roles)[number];

export interface RoleFlags {
  owner: boolean;
  tasksManager: boolean;
  usersManager: boolean;
  billingManager: boolean;
  assignee: boolean;
}

/** An owner holds all four manager roles; the other flags stand alone. */
export function rolesOf(flags: RoleFlags): Role[] {
  const held = new Set<Role>();
  if (flags.owner) managerRoles.forEach((role) => held.add(role));
  if (flags.tasksManager) held.add('tasksManager');
  if (flags.usersManager) held.add('usersManager');
  if (flags.billingManager) held.add('billingManager');
  if (flags.assignee) held.add('assignee');
  return roles.filter((role) => held.has(role));
}

export function hasAnyRole(held: readonly Role[], wanted: readonly Role[]): boolean {
  return wanted.some((role) => held.includes(role));
}

/** The workers' own view /app/worker is for the assignee role. */
export const workerViewPath = '/app/worker';

export function canUseWorkerView(held: readonly Role[]): boolean {
  return held.includes('assignee');
}

/** A worker with no office role starts in the workers' view; an office user who is also a worker reaches it from the user menu. */
export function landsOnWorkerView(held: readonly Role[]): boolean {
  return canUseWorkerView(held) && !hasAnyRole(held, managerRoles);
}
