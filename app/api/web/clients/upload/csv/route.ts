import { CsvImportQuery } from '@/lib/contract/csv-import';
import { taskEditors } from '@/lib/contract/reference-data';
import { importClientsCsv } from '@/lib/server/clients/import/import';
import { answerCsvImport } from '@/lib/server/http/csv-import/answer';
import { route } from '@/lib/server/http/route';

export const dynamic = 'force-dynamic';

/** Multipart: the part csvFile. Accept: application/x-ndjson streams progress before the result. */
export const POST = route(
  {
    refusals: [
      'import.columnRepeated',
      'import.columnRequired',
      'import.columnUnnamed',
      'import.empty',
      'import.invalidHeader',
      'import.notCsv',
      'import.notText',
      'import.tooLarge',
      'import.tooManyRows',
      'import.unknownColumn',
    ],
    roles: taskEditors,
    query: CsvImportQuery,
    upload: { parts: [{ name: 'csvFile', kind: 'file', required: true, description: 'A .csv file, UTF-8 or Windows-1252.' }] },
  },
  ({ ctx, query, request }) => answerCsvImport(ctx, request, (upload) => importClientsCsv(ctx, upload, query.validateOnly)),
);
