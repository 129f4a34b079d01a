import { ServeFileQuery, TaskSignatureParams } from '@/lib/contract/task-files';
import { route } from '@/lib/server/http/route';
import { serveSignature } from '@/lib/server/tasks/files/serve';

/** The signature image; `?download=1` asks for a download. */
export const GET = route(
  {
    roles: ['tasksManager', 'assignee'],
    params: TaskSignatureParams,
    query: ServeFileQuery,
    refusals: ['task.notFound', 'taskSignature.notFound'],
  },
  ({ ctx, params, query }) => serveSignature(ctx, params.id, params.signatureId, query.download === '1'),
);
