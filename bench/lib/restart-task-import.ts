import Papa from 'papaparse';
import type { ClientView } from '../../lib/contract/clients';
import type { CustomFieldView } from '../../lib/contract/custom-fields';
import { exampleValue, taskImportLimits } from '../../lib/contract/task-import';
import type { TaskTypeView } from '../../lib/contract/task-types';
import { signIn } from './bench-http';
import { countOutcome, killDuring, killPlans, newTally, type CaseTally } from './restart-kill';
import { restart, uploadCsv, type RunningApp } from './restart-upload';

/** The Demo Services dispatcher imports the task files. */
const importer = 'dispatcher@demo.test';
const batchSize = taskImportLimits.batchSize;

interface TaskFile {
  csv: string;
  /** How the bench finds this file's tasks again: by external reference, or by description when the file has none. */
  match: { column: 'external_reference' | 'description'; prefix: string };
  lines: number;
}

interface Catalogue {
  types: TaskTypeView[];
  clients: ClientView[];
  fields: CustomFieldView[];
}

async function get<T>(baseUrl: string, path: string, cookie: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/web/${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function readCatalogue(baseUrl: string, cookie: string): Promise<Catalogue> {
  const [types, clients, fields] = await Promise.all([
    get<TaskTypeView[]>(baseUrl, 'task-types', cookie),
    get<ClientView[]>(baseUrl, 'clients', cookie),
    get<CustomFieldView[]>(baseUrl, 'custom-field', cookie),
  ]);
  return { types: types.filter((type) => !type.deleted), clients: clients.filter((client) => !client.deleted), fields: fields.filter((field) => !field.deleted) };
}

/** A file of valid lines, every custom field filled; line i carries `${prefix}-${i}` as external reference or description. */
function taskFile(catalogue: Catalogue, prefix: string, lines: number, withReferences: boolean): TaskFile {
  const { types, clients, fields } = catalogue;
  const header = [...(withReferences ? ['externalReference'] : []), 'taskType', 'client', 'description', 'scheduleDate', 'scheduleTime', 'address', ...fields.map((field) => field.fieldName)];
  const rows = Array.from({ length: lines }, (_, index) => {
    const date = new Date(Date.now() + (1 + (index % 60)) * 86_400_000).toISOString().slice(0, 10);
    return [
      ...(withReferences ? [`${prefix}-${index}`] : []),
      types[index % types.length].type,
      clients[index % clients.length]?.displayName ?? '',
      `${prefix}-${index}`,
      date,
      `${String(8 + (index % 9)).padStart(2, '0')}:00`,
      `Via Roma ${index}, Milano`,
      ...fields.map((field) => exampleValue(field, date)),
    ];
  });
  return {
    csv: Papa.unparse({ fields: header, data: rows }, { newline: '\r\n' }),
    match: { column: withReferences ? 'external_reference' : 'description', prefix },
    lines,
  };
}

interface ImportedState {
  /** Line indexes whose task exists, in order. */
  indexes: number[];
  problems: string[];
}

/**
 * What the database holds of one file, read with plain SQL: every task it created must have its first timeline
 * row, exactly one task_created entry and a value per custom field; the tasks must be whole batches of the file's
 * first lines (each batch is one transaction); and tenant-wide, reference numbers and live external references
 * are never repeated and the tenant's reference counter is ahead of every number given.
 */
async function readImported(app: RunningApp, tenantId: number, file: TaskFile, fieldCount: number): Promise<ImportedState> {
  const { rows } = await app.admin.query<{ text: string; timeline: number; created: number; fieldValues: number }>(
    `select t.${file.match.column} as text,
       (select count(*) from task_timeline tl where tl.tenant_id = t.tenant_id and tl.task_id = t.id)::int as timeline,
       (select count(*) from task_logs l where l.tenant_id = t.tenant_id and l.task_id = t.id and l.action = 'task_created')::int as created,
       (select count(*) from custom_field_values v where v.tenant_id = t.tenant_id and v.task_id = t.id)::int as "fieldValues"
     from tasks t where t.tenant_id = $1 and t.${file.match.column} like $2`,
    [tenantId, `${file.match.prefix}-%`],
  );
  const problems: string[] = [];
  const incomplete = rows.filter((row) => row.timeline < 1 || row.created !== 1 || row.fieldValues !== fieldCount);
  if (incomplete.length > 0) problems.push(`${incomplete.length} task(s) without their timeline, creation entry or ${fieldCount} custom field values, e.g. ${JSON.stringify(incomplete[0])}`);
  const indexes = rows.map((row) => Number(row.text.slice(file.match.prefix.length + 1))).sort((a, b) => a - b);
  const unique = new Set(indexes);
  const count = indexes.length;
  if (unique.size !== count) problems.push(`${count - unique.size} line(s) imported twice`);
  if (count > 0 && (indexes[count - 1] !== count - 1 || unique.size !== count)) problems.push(`the imported lines are not the file's first ${count}`);
  if (count % batchSize !== 0 && count !== file.lines) problems.push(`${count} tasks: not a whole number of ${batchSize}-line batches`);
  const { rows: tenantWide } = await app.admin.query<{ repeatedNumbers: number; repeatedReferences: number; counterBehind: boolean }>(
    `select
       (select count(*) from (select reference_number from tasks where tenant_id = $1 group by 1 having count(*) > 1) n)::int as "repeatedNumbers",
       (select count(*) from (select external_reference from tasks where tenant_id = $1 and deleted is null and external_reference is not null
          group by 1 having count(*) > 1) r)::int as "repeatedReferences",
       coalesce((select next_reference_number from task_reference_counters where tenant_id = $1), 1) <= coalesce((select max(reference_number) from tasks where tenant_id = $1), 0) as "counterBehind"`,
    [tenantId],
  );
  const wide = tenantWide[0];
  if (wide.repeatedNumbers > 0) problems.push(`${wide.repeatedNumbers} reference number(s) given twice`);
  if (wide.repeatedReferences > 0) problems.push(`${wide.repeatedReferences} external reference(s) on two live tasks`);
  if (wide.counterBehind) problems.push('the tenant\'s next reference number is not ahead of every task');
  return { indexes, problems };
}

const outcomeOf = (count: number, lines: number) =>
  count === 0 ? 'none' : count === lines ? 'complete' : `partial (${count / batchSize} of ${Math.ceil(lines / batchSize)} batches)`;

/**
 * Task CSV import: a calibration import times the request, then each attempt kills the server part-way through a
 * fresh file, checks what landed, restarts, and imports the same file again (the second import must add exactly
 * the missing lines). Last, one file without external references must also come out with each line once.
 */
export async function taskImportCase(app: RunningApp, tenantId: number, attempts: number, writeKills: number, lines: number, run: string): Promise<CaseTally> {
  let cookie = await signIn(app.server.baseUrl, importer);
  const catalogue = await readCatalogue(app.server.baseUrl, cookie);
  const calibration = taskFile(catalogue, `RT${run}-cal`, lines, true);
  const started = performance.now();
  const calibrated = await uploadCsv(app.server.baseUrl, cookie, 'tasks', calibration.csv);
  const tally = newTally(`task CSV import (${lines} lines, ${batchSize} per batch)`, performance.now() - started);
  if (calibrated.result?.importedCount !== lines) throw new Error(`the calibration import did not import every line: ${JSON.stringify(calibrated.result).slice(0, 500)}`);
  const calibratedState = await readImported(app, tenantId, calibration, catalogue.fields.length);
  tally.violations.push(...calibratedState.problems.map((problem) => `calibration: ${problem}`));

  for (const [attempt, plan] of killPlans(tally.durationMs, attempts, writeKills, '%insert into "task%').entries()) {
    const file = taskFile(catalogue, `RT${run}-${attempt}`, lines, true);
    let seen = 0;
    const killed = await plan.kill(app.server, app.admin, async () => (await uploadCsv(app.server.baseUrl, cookie, 'tasks', file.csv, (n) => (seen = n))).status);
    tally.attempts += 1;
    if (killed.killedMidRequest) tally.killedMidRequest += 1;
    const after = await readImported(app, tenantId, file, catalogue.fields.length);
    tally.violations.push(...after.problems.map((problem) => `attempt ${attempt + 1} after the kill: ${problem}`));
    const landed = after.indexes.length;
    // A progress line leaves after its batch committed: the modal may show fewer lines than landed, never more.
    if (seen > landed) tally.violations.push(`attempt ${attempt + 1}: the modal showed ${seen} lines processed, ${landed} landed`);
    countOutcome(tally, `${outcomeOf(landed, lines)}${landed === lines && killed.killedMidRequest ? ', answer lost' : ''}`);
    cookie = await restart(app, tally, cookie, importer);
    const again = await uploadCsv(app.server.baseUrl, cookie, 'tasks', file.csv);
    const expected = { imported: lines - landed, already: landed };
    // The lines that landed are skipped as already imported by the same import (its id is the file's), before any
    // external reference or name is compared.
    const already = again.result ? again.result.alreadyImportedCount + again.result.alreadyExistsCount : null;
    if (again.result?.importedCount !== expected.imported || already !== expected.already) {
      tally.violations.push(`attempt ${attempt + 1}: the re-import answered ${JSON.stringify(again.result && { imported: again.result.importedCount, already })}, expected ${JSON.stringify(expected)}`);
    }
    const final = await readImported(app, tenantId, file, catalogue.fields.length);
    if (final.indexes.length !== lines) tally.violations.push(`attempt ${attempt + 1}: ${final.indexes.length} of ${lines} lines after the re-import`);
    tally.violations.push(...final.problems.map((problem) => `attempt ${attempt + 1} after the re-import: ${problem}`));
    console.log(`  task import ${attempt + 1}, ${plan.label}: killed at ${killed.delayMs} ms${killed.killedMidRequest ? '' : ' (after the answer)'}, modal showed ${seen} processed, ` +
      `${landed} landed, backends gone after ${killed.backendsGoneMs.toFixed(0)} ms; re-import added ${again.result?.importedCount ?? '?'}`);
  }

  const noReferences = taskFile(catalogue, `RN${run}`, lines, false);
  const killed = await killDuring(app.server, app.admin, Math.round(tally.durationMs / 2), async () => (await uploadCsv(app.server.baseUrl, cookie, 'tasks', noReferences.csv)).status);
  const landed = (await readImported(app, tenantId, noReferences, catalogue.fields.length)).indexes.length;
  cookie = await restart(app, tally, cookie, importer);
  await uploadCsv(app.server.baseUrl, cookie, 'tasks', noReferences.csv);
  const total = (await readImported(app, tenantId, noReferences, catalogue.fields.length)).indexes.length;
  tally.notes.push(
    `a file WITHOUT externalReference, killed at ${killed.delayMs} ms: ${landed} lines landed; importing it again gives ${total} tasks for ${lines} lines ` +
      '(the import records its landed lines, so a re-import of the same file skips them)',
  );
  if (total !== lines) tally.violations.push(`a file without externalReference imported again: ${total} tasks for ${lines} lines`);
  return tally;
}
