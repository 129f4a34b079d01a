import { ClientBody } from '@/lib/contract/clients';
import { referenceReaders, taskEditors } from '@/lib/contract/reference-data';
import { listClients } from '@/lib/server/clients/read';
import { createClient } from '@/lib/server/clients/write';
import { route } from '@/lib/server/http/route';

export const GET = route({ roles: referenceReaders }, ({ ctx }) => listClients(ctx));

export const POST = route({ roles: taskEditors, body: ClientBody }, ({ ctx, body }) => createClient(ctx, body));
