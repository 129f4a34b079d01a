import { route } from '@/lib/server/http/route';
import { listUnscheduledTasks } from '@/lib/server/tasks/read';

export const GET = route({ roles: ['tasksManager'] }, ({ ctx }) => listUnscheduledTasks(ctx));
