import pg from 'pg';
import type { RequestParams } from 'autocannon';
import { scheduleConfirmations } from '../../lib/contract/schedule-board';
import { largeTenantName } from '../../db/seed/large';

/**
 * bench/load.ts's dispatcher mix on Bench Co: what a dispatcher's screens call, weighted by how often a busy office
 * calls them (reads three times the writes), each request drawn from real rows so the database does real work.
 */
export interface Kind {
  name: string;
  /** Share of the mix out of 20. */
  weight: number;
  build(index: number): RequestParams;
}

interface ScheduledTask {
  id: number;
  date: string;
  durationMins: number;
  assigneeId: number;
}

export interface MixData {
  readIds: number[];
  editIds: number[];
  scheduled: ScheduledTask[];
  workerIds: number[];
  clientIds: number[];
  typeIds: number[];
  /** Local days (YYYY-MM-DD) from a week before today to a week after, in the tenant's zone. */
  days: string[];
}

const localDay = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

export async function loadMixData(databaseUrl: string): Promise<MixData> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tenant = await client.query<{ id: number; time_zone: string }>('select id, time_zone from tenants where display_name = $1', [largeTenantName]);
    if (!tenant.rows[0]) throw new Error('no Bench Co in this database');
    const { id: tenantId, time_zone: timeZone } = tenant.rows[0];
    const ids = async (sql: string) => (await client.query<{ id: number }>(sql, [tenantId])).rows.map((row) => row.id);
    const readIds = await ids('select id from tasks where tenant_id = $1 and deleted is null order by random() limit 2000');
    const editIds = await ids('select id from tasks where tenant_id = $1 and deleted is null and cancelled is null and status_id = 1 order by random() limit 1000');
    const workerIds = await ids('select id from users where tenant_id = $1 and assignee and active and deleted is null order by id');
    const clientIds = await ids('select id from clients where tenant_id = $1 and deleted is null order by id');
    const typeIds = await ids('select id from task_types where tenant_id = $1 and deleted is null order by id');
    // Moves keep the task's own weekday working-hours time and only change the worker, as a dispatcher reassigning.
    const scheduled = await client.query<{ id: number; appointment_date: Date; duration_mins: number; assignee_id: number }>(
      `select id, appointment_date, duration_mins, assignee_id from tasks
        where tenant_id = $1 and deleted is null and cancelled is null and status_id = 1 and assignee_id is not null
          and time_slot_id is null and appointment_date > now() + interval '1 day'
          and extract(isodow from appointment_date at time zone $2) < 6
          and extract(hour from appointment_date at time zone $2) between 8 and 15
        order by random() limit 500`,
      [tenantId, timeZone],
    );
    const today = Date.now();
    const days = Array.from({ length: 15 }, (_, index) => localDay(new Date(today + (index - 7) * 86_400_000), timeZone));
    return {
      readIds,
      editIds,
      scheduled: scheduled.rows.map((row) => ({ id: row.id, date: row.appointment_date.toISOString(), durationMins: row.duration_mins, assigneeId: row.assignee_id })),
      workerIds,
      clientIds,
      typeIds,
      days,
    };
  } finally {
    await client.end();
  }
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const addDays = (day: string, count: number) => new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
const boundary = 'load-bench-boundary-7f3a';

function multipartTask(task: Record<string, unknown>): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="task"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(task)}\r\n--${boundary}--\r\n`;
}

export function dispatcherMix(data: MixData, cookie: string): Kind[] {
  const api = '/api/web';
  const get = (path: string): RequestParams => ({ method: 'GET', path: `${api}/${path}`, headers: { cookie } });
  const send = (method: string, path: string, body: unknown): RequestParams => ({
    method,
    path: `${api}/${path}`,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const confirm = [...scheduleConfirmations];
  return [
    { name: 'GET tasks/{id}', weight: 6, build: () => get(`tasks/${pick(data.readIds)}`) },
    {
      name: 'GET tasks/scheduled (list page, a week)',
      weight: 2,
      build: () => {
        const from = pick(data.days);
        return get(`tasks/scheduled?appointmentFrom=${from}&appointmentTo=${addDays(from, 6)}`);
      },
    },
    {
      name: 'GET tasks/scheduled (a day)',
      weight: 3,
      build: () => {
        const day = pick(data.days);
        return get(`tasks/scheduled?appointmentFrom=${day}&appointmentTo=${day}`);
      },
    },
    { name: 'GET clients', weight: 2, build: () => get('clients') },
    {
      name: 'GET tasks/board (a day)',
      weight: 2,
      build: () => {
        const day = pick(data.days);
        return get(`tasks/board?from=${day}&to=${day}`);
      },
    },
    {
      name: 'PUT tasks/{id} (description)',
      weight: 2,
      build: (index) => send('PUT', `tasks/${pick(data.editIds)}`, { description: `Load bench edit ${index}` }),
    },
    { name: 'POST tasks/{id}/notes', weight: 1, build: (index) => send('POST', `tasks/${pick(data.editIds)}/notes`, { note: `Load bench note ${index}` }) },
    {
      name: 'POST tasks (unscheduled)',
      weight: 1,
      build: (index) => ({
        method: 'POST',
        path: `${api}/tasks`,
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: multipartTask({ typeId: pick(data.typeIds), clientId: pick(data.clientIds), title: `Load bench task ${index}` }),
      }),
    },
    {
      name: 'PUT tasks/{id}/schedule (reassign)',
      weight: 1,
      build: () => {
        const task = pick(data.scheduled);
        const others = data.workerIds.filter((id) => id !== task.assigneeId);
        return send('PUT', `tasks/${task.id}/schedule`, { date: task.date, durationMins: task.durationMins, assigneeId: pick(others), confirm });
      },
    },
  ];
}
