import { TaskImportQuery } from '@/lib/contract/task-import';
import { answerCsvImport } from '@/lib/server/http/csv-import/answer';
import { route } from '@/lib/server/http/route';
import { importTasksCsv } from '@/lib/server/tasks/import/import';

export const dynamic = 'force-dynamic';

/** Multipart: the part csvFile. Accept: application/x-ndjson streams progress before the result. */
export const POST = route(
  {
    refusals: [
      'import.columnRepeated',
      'import.columnRequired',
      'import.invalidHeader',
      'import.notCsv',
      'import.notText',
      'import.tooLarge',
      'import.unknownColumn',
    ],
    roles: ['tasksManager'],
    query: TaskImportQuery,
    upload: { parts: [{ name: 'csvFile', kind: 'file', required: true, description: 'A .csv file, UTF-8 or Windows-1252.' }] },
  },
  ({ ctx, query, request }) => answerCsvImport(ctx, request, (upload) => importTasksCsv(ctx, upload, query.validateOnly)),
);
