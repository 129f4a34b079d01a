import Papa from 'papaparse';
import { signIn } from './bench-http';
import { countOutcome, killPlans, newTally, type CaseTally } from './restart-kill';
import { restart, uploadCsv, type RunningApp } from './restart-upload';

/** Other Co's owner imports the client files, so Demo Services' client list (the task files' clients) stays small. */
const importer = 'owner@other.test';

function clientFile(prefix: string, lines: number): string {
  const rows = Array.from({ length: lines }, (_, index) => [`${prefix}-${index}`, 'Mario', 'Rossi', '+39', '3330000000', `Via Roma ${index}, Milano`]);
  return Papa.unparse({ fields: ['displayName', 'contactName', 'contactSurname', 'contactPhoneCountryCode', 'contactPhone', 'address'], data: rows }, { newline: '\r\n' });
}

/** How many clients of the file the database holds, and whether any name is there twice. */
async function readClients(app: RunningApp, tenantId: number, prefix: string): Promise<{ count: number; repeated: number }> {
  const { rows } = await app.admin.query<{ count: number; repeated: number }>(
    `select count(*)::int as count, (count(*) - count(distinct lower(display_name)))::int as repeated
     from clients where tenant_id = $1 and deleted is null and display_name like $2`,
    [tenantId, `${prefix}-%`],
  );
  return rows[0];
}

/**
 * Client CSV import, one transaction for the whole file: after a kill the file's clients are all there or none;
 * after the restart the same file imported again completes it (names already there are skipped, never doubled).
 */
export async function clientImportCase(app: RunningApp, tenantId: number, attempts: number, writeKills: number, lines: number, run: string): Promise<CaseTally> {
  let cookie = await signIn(app.server.baseUrl, importer);
  const started = performance.now();
  const calibrated = await uploadCsv(app.server.baseUrl, cookie, 'clients', clientFile(`RC${run}-cal`, lines));
  const tally = newTally(`client CSV import (${lines} lines, one transaction)`, performance.now() - started);
  if (calibrated.result?.importedCount !== lines) throw new Error(`the calibration import did not import every line: ${JSON.stringify(calibrated.result).slice(0, 500)}`);

  for (const [attempt, plan] of killPlans(tally.durationMs, attempts, writeKills, '%insert into "clients"%').entries()) {
    const prefix = `RC${run}-${attempt}`;
    const csv = clientFile(prefix, lines);
    const killed = await plan.kill(app.server, app.admin, async () => (await uploadCsv(app.server.baseUrl, cookie, 'clients', csv)).status);
    tally.attempts += 1;
    if (killed.killedMidRequest) tally.killedMidRequest += 1;
    const after = await readClients(app, tenantId, prefix);
    const complete = killed.killedMidRequest ? 'complete, answer lost' : 'complete';
    const outcome = after.count === 0 ? 'none' : after.count === lines ? complete : `HALF-WRITTEN (${after.count} of ${lines})`;
    countOutcome(tally, outcome);
    if (outcome.startsWith('HALF')) tally.violations.push(`attempt ${attempt + 1}: ${after.count} of ${lines} clients after the kill`);
    if (after.repeated > 0) tally.violations.push(`attempt ${attempt + 1}: ${after.repeated} client name(s) twice`);
    cookie = await restart(app, tally, cookie, importer);
    const again = await uploadCsv(app.server.baseUrl, cookie, 'clients', csv);
    const expected = { imported: lines - after.count, already: after.count };
    // The lines that landed are skipped as already imported by the same import (its id is the file's), before any
    // external reference or name is compared.
    const already = again.result ? again.result.alreadyImportedCount + again.result.alreadyExistsCount : null;
    if (again.result?.importedCount !== expected.imported || already !== expected.already) {
      tally.violations.push(`attempt ${attempt + 1}: the re-import answered ${JSON.stringify(again.result && { imported: again.result.importedCount, already })}, expected ${JSON.stringify(expected)}`);
    }
    const final = await readClients(app, tenantId, prefix);
    if (final.count !== lines || final.repeated > 0) tally.violations.push(`attempt ${attempt + 1}: after the re-import ${final.count} clients (${final.repeated} repeated) for ${lines} lines`);
    console.log(`  client import ${attempt + 1}, ${plan.label}: killed at ${killed.delayMs} ms${killed.killedMidRequest ? '' : ' (after the answer)'}, ${outcome}, ` +
      `backends gone after ${killed.backendsGoneMs.toFixed(0)} ms; re-import added ${again.result?.importedCount ?? '?'}`);
  }
  return tally;
}
