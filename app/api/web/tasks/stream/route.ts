import type { Role } from '@/lib/contract/roles';
import { taskChangeStream } from '@/lib/server/http/live/stream';
import { route } from '@/lib/server/http/route';

export const dynamic = 'force-dynamic';

/**
 * The task screens' live updates: full task data and worker positions, so only for who reads tasks (tasksManager).
 * The stream ends when the caller's session or key ends or loses that role.
 */
const roles: readonly Role[] = ['tasksManager'];

export const GET = route({ roles }, ({ ctx, request }) => taskChangeStream(ctx, request, roles));
