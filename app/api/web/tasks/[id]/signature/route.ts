import { IdParams } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { addSignature, listSignatures, signatureRule } from '@/lib/server/tasks/files/signature';

/** Managers, and a worker on a task assigned to them (spec 00: the worker adds the signature to own tasks). */
const signatureRoles = ['tasksManager', 'assignee'] as const;

/** The task's signatures, newest first. */
export const GET = route(
  {
    roles: signatureRoles,
    params: IdParams,
    refusals: ['task.notFound'],
  },
  ({ ctx, params }) => listSignatures(ctx, params.id),
);

/** Multipart: one part `file`, the PNG a signature canvas exports (by its bytes), under 1 MB. */
export const POST = route(
  {
    refusals: ['task.cancelled', 'task.notFound'],
    roles: signatureRoles,
    params: IdParams,
    idempotent: true,
    upload: { parts: [{ name: 'file', kind: 'file', required: true, accept: signatureRule, description: 'A PNG under 1 MB.' }] },
  },
  ({ ctx, params, upload }) => addSignature(ctx, params.id, upload),
);
