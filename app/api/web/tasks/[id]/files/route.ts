import { IdParams } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { listTaskFiles, uploadTaskFile } from '@/lib/server/task-files/files';

export const GET = route({ roles: ['tasksManager'], params: IdParams }, ({ ctx, params }) => listTaskFiles(ctx, params.id));

/** Multipart: one part `file` (an image under 10MB) and an optional text part `description` (max 100). */
export const POST = route({ roles: ['tasksManager'], params: IdParams }, ({ ctx, params, request }) =>
  uploadTaskFile(ctx, params.id, request),
);
