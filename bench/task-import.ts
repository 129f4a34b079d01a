import { loadavg } from 'node:os';
import Papa from 'papaparse';
import type { CustomFieldView } from '../lib/contract/custom-fields';
import { exampleValue, type TaskImportStreamLine } from '../lib/contract/task-import';
import type { TaskTypeView } from '../lib/contract/task-types';
import type { ClientView } from '../lib/contract/clients';
import { signIn } from './lib/bench-http';
import { readNdjsonLines } from './lib/ndjson-stream';

/**
 * POST tasks/upload/csv with a generated file of N lines (default 10,000), over HTTP against a running app, as the
 * import modal sends it (multipart, Accept: application/x-ndjson). Start the app on the demo data first:
 *   createdb -h 127.0.0.1 -U postgres fieldops_import_bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/fieldops_import_bench PORT=3300 npm start &
 *   BASE_URL=http://localhost:3300 npx tsx bench/task-import.ts [--rows 10000] [--user dispatcher@demo.test]
 * The file uses the company's own task types, clients, custom fields (a valid value in every column) and demo
 * workers (worker1..8@demo.test) on half of the lines, dates over the next 60 days, and a fresh external
 * reference per line, so each run imports everything again. Prints the file size, the time of a validateOnly
 * pass and of the import, the first progress line's delay, and lines per second.
 */
const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
const flag = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const rowCount = Number(flag('rows', '10000'));
const username = flag('user', 'dispatcher@demo.test');

async function get<T>(path: string, cookie: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/web/${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

function buildCsv(types: TaskTypeView[], clients: ClientView[], fields: CustomFieldView[]): string {
  const run = Date.now().toString(36);
  const header = [
    'externalReference',
    'taskType',
    'client',
    'description',
    'scheduleDate',
    'scheduleTime',
    'worker',
    'contactName',
    'contactPhone',
    'address',
    ...fields.map((field) => field.fieldName),
  ];
  const lines = Array.from({ length: rowCount }, (_, index) => {
    const date = new Date(Date.now() + (1 + (index % 60)) * 86_400_000).toISOString().slice(0, 10);
    const hour = String(8 + (index % 9)).padStart(2, '0');
    return [
      `BENCH-${run}-${index}`,
      types[index % types.length].type,
      clients[index % clients.length]?.displayName ?? '',
      `Imported job ${index}`,
      date,
      `${hour}:00`,
      index % 2 === 0 ? `worker${(index % 8) + 1}@demo.test` : '',
      'Mario',
      '3330000000',
      `Via Roma ${index}, Milano`,
      ...fields.map((field) => exampleValue(field, date)),
    ];
  });
  return Papa.unparse({ fields: header, data: lines }, { newline: '\r\n' });
}

async function upload(csv: string, cookie: string, validateOnly: boolean) {
  const form = new FormData();
  form.set('csvFile', new File([csv], 'bench.csv', { type: 'text/csv' }));
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/web/tasks/upload/csv?validateOnly=${validateOnly}`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, accept: 'application/x-ndjson' },
    body: form,
  });
  if (!response.ok || !response.body) throw new Error(`upload: ${response.status} ${await response.text()}`);
  let firstProgressMs: number | null = null;
  let progressLines = 0;
  const last = await readNdjsonLines<TaskImportStreamLine>(response.body, (line) => {
    if (line.type === 'progress') {
      progressLines += 1;
      if (firstProgressMs === null && line.processed > 0) firstProgressMs = performance.now() - started;
    }
  });
  return { elapsedMs: performance.now() - started, firstProgressMs, progressLines, last };
}

async function main() {
  const cookie = await signIn(baseUrl, username);
  const [types, clients, fields] = await Promise.all([
    get<TaskTypeView[]>('task-types', cookie),
    get<ClientView[]>('clients', cookie),
    get<CustomFieldView[]>('custom-field', cookie),
  ]);
  const liveFields = fields.filter((field) => !field.deleted);
  const csv = buildCsv(types.filter((type) => !type.deleted), clients.filter((client) => !client.deleted), liveFields);
  console.log(`load average before: ${loadavg().map((value) => value.toFixed(1)).join(' ')} (this machine's cores are shared)`);
  console.log(`file: ${rowCount} lines, ${liveFields.length} custom field columns, ${(csv.length / 1024 / 1024).toFixed(2)} MB`);
  for (const validateOnly of [true, false]) {
    const run = await upload(csv, cookie, validateOnly);
    if (run.last?.type !== 'result') throw new Error(`import did not finish: ${JSON.stringify(run.last)}`);
    const { importedCount, invalidCount, alreadyExistsCount, alreadyImportedCount } = run.last;
    console.log(
      `${validateOnly ? 'validateOnly' : 'import      '}: ${(run.elapsedMs / 1000).toFixed(2)} s total, ` +
        `first progress after ${((run.firstProgressMs ?? 0) / 1000).toFixed(2)} s, ${run.progressLines} progress lines, ` +
        `${Math.round(rowCount / (run.elapsedMs / 1000))} lines/s; imported ${importedCount}, invalid ${invalidCount}, ` +
        `already existing ${alreadyExistsCount}, already imported ${alreadyImportedCount}`,
    );
    if (invalidCount > 0) console.log('first line errors:', Object.entries(run.last.lineErrors).slice(0, 3));
  }
  console.log(`load average after: ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
