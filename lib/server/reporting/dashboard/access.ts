import type { Role } from '@/lib/contract/roles';

/** The dashboard is a tasks manager's menu section (spec 03 §6), so its calls are too. */
export const dashboardReaders: readonly Role[] = ['tasksManager'];
