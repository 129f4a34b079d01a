import type { AutoScheduleResult, AutoScheduleUndoResult } from '../../lib/contract/auto-schedule';
import { signIn } from './bench-http';
import { checkRestored, type DayState } from './city-db-check';
import { readDayState } from './city-db-check-read';
import { cityDispatcher, type SeededCity } from './city-seed';
import { countOutcome, killPlans, newTally, type CaseTally } from './restart-kill';
import { restart, type RunningApp } from './restart-upload';

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T>(baseUrl: string, method: string, path: string, cookie: string): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}/api/web/${path}`, { method, headers: { cookie, origin: baseUrl } });
  return { status: response.status, body: (await response.json()) as T };
}

const apply = (baseUrl: string, cookie: string, day: string) => call<AutoScheduleResult>(baseUrl, 'PUT', `tasks/auto-schedule?currentDate=${day}`, cookie);
const undo = (baseUrl: string, cookie: string, runId: number) => call<AutoScheduleUndoResult>(baseUrl, 'POST', `tasks/auto-schedule/${runId}/undo`, cookie);

/** Where the run tables and the history stood before an attempt: what it writes has higher ids. */
interface Marks {
  runId: number;
  logId: number;
}

async function readMarks(app: RunningApp, tenantId: number): Promise<Marks> {
  const { rows } = await app.admin.query<{ runId: number; logId: number }>(
    `select coalesce((select max(id) from auto_schedule_runs where tenant_id = $1), 0)::int as "runId",
            coalesce((select max(id) from task_logs where tenant_id = $1), 0)::int as "logId"`,
    [tenantId],
  );
  return rows[0];
}

/** The day's tasks other than `placed`, as a day state the undo check can compare. */
const without = (state: DayState, placed: ReadonlySet<number>): DayState => ({
  ...state,
  tasks: new Map([...state.tasks].filter(([id]) => !placed.has(id))),
});

/**
 * What one attempt left, read with plain SQL: no run and not a single change to the day's tasks or their history;
 * or exactly one run whose every placement's task is scheduled as the run left it (placed_updated), with history
 * entries, and no other task of the day changed or given history. Answers the run id if one landed.
 */
async function checkAttempt(app: RunningApp, city: SeededCity, before: DayState, marks: Marks): Promise<{ runId: number | null; problems: string[] }> {
  const params = [city.tenantId, marks.runId];
  const { rows: runs } = await app.admin.query<{ id: number }>('select id from auto_schedule_runs where tenant_id = $1 and id > $2 order by id', params);
  const { rows: logged } = await app.admin.query<{ taskId: number }>('select distinct task_id as "taskId" from task_logs where tenant_id = $1 and id > $2', [city.tenantId, marks.logId]);
  const { rows: placements } = await app.admin.query<{ runId: number; taskId: number; asPlaced: boolean; scheduled: boolean }>(
    `select p.run_id as "runId", p.task_id as "taskId", t.updated = p.placed_updated as "asPlaced",
       t.assignee_id is not null and t.appointment_date is not null as scheduled
     from auto_schedule_placements p join tasks t on t.id = p.task_id where p.tenant_id = $1 and p.run_id > $2`,
    params,
  );
  const after = await readDayState(app.admin, city.tenantId, city.day);
  const problems: string[] = [];
  if (runs.length > 1) problems.push(`${runs.length} runs from one request`);
  if (runs.length === 0) {
    if (placements.length > 0) problems.push(`${placements.length} placement rows without their run`);
    if (logged.length > 0) problems.push(`history written for ${logged.length} task(s) with no run`);
    problems.push(...checkRestored(before, after).map((error) => `with no run: ${error.replace(' by the undo', '')}`));
    return { runId: null, problems };
  }
  const placed = new Set(placements.map((placement) => placement.taskId));
  const loggedIds = new Set(logged.map((row) => row.taskId));
  if (placements.length === 0) problems.push('a run without placements');
  const notAsPlaced = placements.filter((placement) => !placement.asPlaced || !placement.scheduled);
  if (notAsPlaced.length > 0) problems.push(`${notAsPlaced.length} placed task(s) not as the run left them`);
  const withoutHistory = [...placed].filter((id) => !loggedIds.has(id));
  if (withoutHistory.length > 0) problems.push(`${withoutHistory.length} placed task(s) without history`);
  const strayHistory = [...loggedIds].filter((id) => !placed.has(id));
  if (strayHistory.length > 0) problems.push(`history for ${strayHistory.length} task(s) the run did not place`);
  problems.push(...checkRestored(without(before, placed), without(after, placed)).map((error) => `not placed yet changed: ${error.replace(' by the undo', '')}`));
  return { runId: runs[0].id, problems };
}

/** Undoes `runId` and checks the day is back as it was before the attempt. */
async function undoAndCheck(app: RunningApp, city: SeededCity, cookie: string, runId: number, before: DayState): Promise<string[]> {
  const answer = await undo(app.server.baseUrl, cookie, runId);
  if (answer.status !== 200) return [`undo answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`];
  return checkRestored(before, await readDayState(app.admin, city.tenantId, city.day));
}

/** PUT apply after the restart; a 409 "running" would be the dead run's day lock still held. Answers the run id. */
async function reapply(app: RunningApp, city: SeededCity, cookie: string, tally: CaseTally): Promise<number | null> {
  const answer = await apply(app.server.baseUrl, cookie, city.day);
  if (answer.status === 409) tally.violations.push('a re-apply after the restart answered 409: the day is still locked');
  if (answer.status !== 200) {
    tally.violations.push(`a re-apply after the restart answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
    return null;
  }
  return answer.body.runId;
}

/**
 * PUT tasks/auto-schedule on the seeded city's day: a calibration run times the request (then is undone), then each
 * attempt kills the server part-way, checks the run landed whole or not at all, restarts, and undoes the run if it
 * landed or applies again if it did not (then undoes that), so every attempt starts from the seeded day.
 */
export async function autoScheduleCase(app: RunningApp, city: SeededCity, attempts: number, writeKills: number): Promise<CaseTally> {
  let cookie = await signIn(app.server.baseUrl, cityDispatcher.username, cityDispatcher.password);
  const seeded = await readDayState(app.admin, city.tenantId, city.day);
  const started = performance.now();
  const calibrated = await apply(app.server.baseUrl, cookie, city.day);
  const tally = newTally(`auto-schedule apply (${city.plan.toPlace.length} tasks to place)`, performance.now() - started);
  if (calibrated.status !== 200 || calibrated.body.runId === null) throw new Error(`the calibration apply failed: ${calibrated.status} ${JSON.stringify(calibrated.body).slice(0, 300)}`);
  tally.notes.push(`the calibration run placed ${calibrated.body.placedCount} tasks`);
  tally.violations.push(...(await undoAndCheck(app, city, cookie, calibrated.body.runId, seeded)).map((error) => `calibration undo: ${error}`));

  for (const [attempt, plan] of killPlans(tally.durationMs, attempts, writeKills, '%auto_schedule_%').entries()) {
    const before = await readDayState(app.admin, city.tenantId, city.day);
    const marks = await readMarks(app, city.tenantId);
    const killed = await plan.kill(app.server, app.admin, async () => (await apply(app.server.baseUrl, cookie, city.day)).status);
    tally.attempts += 1;
    if (killed.killedMidRequest) tally.killedMidRequest += 1;
    const landed = await checkAttempt(app, city, before, marks);
    // A run that landed while the client never got its answer: the browser never learnt the run id to undo.
    countOutcome(tally, landed.runId === null ? 'none' : killed.killedMidRequest ? 'complete, answer lost' : 'complete');
    tally.violations.push(...landed.problems.map((problem) => `attempt ${attempt + 1}: ${problem}`));
    cookie = await restart(app, tally, cookie, cityDispatcher.username, cityDispatcher.password);
    const runId = landed.runId ?? (await reapply(app, city, cookie, tally));
    if (runId !== null) tally.violations.push(...(await undoAndCheck(app, city, cookie, runId, before)).map((error) => `attempt ${attempt + 1} undo: ${error}`));
    console.log(`  auto-schedule ${attempt + 1}, ${plan.label}: killed at ${killed.delayMs} ms${killed.killedMidRequest ? '' : ' (after the answer)'}, run ${landed.runId === null ? 'not there' : 'landed'}, ` +
      `backends gone after ${killed.backendsGoneMs.toFixed(0)} ms; then ${landed.runId === null ? 're-applied and ' : ''}undone`);
  }
  return tally;
}
