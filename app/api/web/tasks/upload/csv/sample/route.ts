import { route } from '@/lib/server/http/route';
import { taskImportSample } from '@/lib/server/tasks/import/sample';

export const dynamic = 'force-dynamic';

/** The sample CSV file of the import modal, with this company's custom field columns. */
export const GET = route({ roles: ['tasksManager'] }, ({ ctx }) => taskImportSample(ctx));
