import { taskChangeStream } from '@/lib/server/realtime/stream';
import { route } from '@/lib/server/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ roles: ['tasksManager', 'billingManager'] }, ({ ctx, request }) =>
  taskChangeStream(ctx, request),
);
