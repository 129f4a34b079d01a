import { taskEditors } from '@/lib/contract/reference-data';
import { clientImportSample } from '@/lib/server/clients/import/sample';
import { route } from '@/lib/server/http/route';

export const dynamic = 'force-dynamic';

/** The sample CSV file of the clients import modal, sample_clients_1.csv. */
export const GET = route({ roles: taskEditors }, () => clientImportSample());
