import { taskChangeStream } from '@/lib/server/realtime/stream';
import { route } from '@/lib/server/http/route';

export const dynamic = 'force-dynamic';

/** The task screens' live updates: full task data and worker positions, so only for who reads tasks (tasksManager). */
export const GET = route({ roles: ['tasksManager'] }, ({ ctx, request }) =>
  taskChangeStream(ctx, request),
);
