import { OutboxQuery } from '@/lib/contract/outbox';
import { route } from '@/lib/server/http/route';
import { listOutbox } from '@/lib/server/messaging/outbox/read';

export const GET = route({ roles: ['owner'], query: OutboxQuery }, ({ ctx, query }) => listOutbox(ctx, query));
