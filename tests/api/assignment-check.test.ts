import { beforeAll, describe, expect, it } from 'vitest';
import { GET as assignmentCheck } from '@/app/api/web/tasks/assignment-check/route';
import {
  skills,
  taskTypeSkills,
  taskTypes,
  userSkills,
  userZones,
  users,
  workerUnavailability,
  workingHoursTemplateDays,
  workingHoursTemplates,
  zonePoints,
  zones,
} from '@/db/schema';
import { eq } from 'drizzle-orm';
import type { AssignmentCheckResponse } from '@/lib/contract/task-form';
import { getDb } from '@/lib/server/core/db';
import { createCompany, createUser } from './setup/fixtures';
import { call, expectTenantIsolation, signIn, type CallOptions, type CrossTenantCase } from './setup/http';

const allChecks = [1, 2, 4];

/** A company whose worker knows Plumbing, works in a square around Milan's centre, Mondays 08:00-12:00 and 13:00-17:00. */
async function buildCompany(features: number[]) {
  const db = await getDb();
  const company = await createCompany({ features });
  const { tenantId } = company;
  const dispatcher = await createUser(tenantId, { tasksManager: true });
  const [plumbing, electrics, gas] = await db
    .insert(skills)
    .values(['Plumbing', 'Electrics', 'Gas'].map((name) => ({ tenantId, name, icon: 'wrench' })))
    .returning({ id: skills.id });
  const [boilerType] = await db.insert(taskTypes).values({ tenantId, name: 'Boiler service', durationMins: 90 }).returning({ id: taskTypes.id });
  const [plainType] = await db.insert(taskTypes).values({ tenantId, name: 'Visit', durationMins: 30 }).returning({ id: taskTypes.id });
  await db.insert(taskTypeSkills).values([plumbing, electrics, gas].map((skill) => ({ tenantId, taskTypeId: boilerType.id, skillId: skill.id })));
  await db.insert(taskTypeSkills).values({ tenantId, taskTypeId: plainType.id, skillId: plumbing.id });
  await db.insert(userSkills).values({ tenantId, userId: company.worker.id, skillId: plumbing.id });
  const [centre] = await db.insert(zones).values({ tenantId, name: 'Milano centro' }).returning({ id: zones.id });
  const square = [
    [45.44, 9.16],
    [45.44, 9.22],
    [45.49, 9.22],
    [45.49, 9.16],
  ];
  await db.insert(zonePoints).values(square.map(([lat, lng], pointOrder) => ({ tenantId, zoneId: centre.id, lat, lng, pointOrder })));
  await db.insert(userZones).values({ tenantId, userId: company.worker.id, zoneId: centre.id });
  const [template] = await db.insert(workingHoursTemplates).values({ tenantId, name: 'Office hours' }).returning({ id: workingHoursTemplates.id });
  await db.insert(workingHoursTemplateDays).values([
    { tenantId, templateId: template.id, day: 'mon', hours: '08:00|12:00,13:00|17:00' },
    { tenantId, templateId: template.id, day: 'sun', hours: ' ' },
  ]);
  await db.update(users).set({ workingHoursTemplateId: template.id }).where(eq(users.id, company.worker.id));
  // Tuesday 2030-01-08 has its own record: no hours at all.
  await db.insert(workerUnavailability).values({ tenantId, userId: company.worker.id, dateUnavailability: '2030-01-08', hours: ' ' });
  return { ...company, cookie: await signIn(dispatcher.username), boilerType: boilerType.id, plainType: plainType.id };
}

let company: Awaited<ReturnType<typeof buildCompany>>;
let quietCompany: Awaited<ReturnType<typeof buildCompany>>;

beforeAll(async () => {
  company = await buildCompany(allChecks);
  quietCompany = await buildCompany([]);
});

const inside = { latitude: '45.4642', longitude: '9.19' };
const outside = { latitude: '45.07', longitude: '7.68' };
// 2030-01-07 is a Monday; Europe/Rome is UTC+1 in January.
const mondayAt = (time: string) => `2030-01-07T${time}:00+01:00`;

async function check(target: typeof company, query: Record<string, string | number>) {
  const response = await call(assignmentCheck, {
    path: '/api/web/tasks/assignment-check',
    query: Object.fromEntries(Object.entries({ assigneeId: target.worker.id, ...query }).map(([k, v]) => [k, String(v)])),
    cookie: target.cookie,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as AssignmentCheckResponse).warnings;
}

describe('GET tasks/assignment-check', () => {
  it('has nothing to say about a worker who fits: skill held, inside the zone, within the hours', async () => {
    expect(await check(company, { typeId: company.plainType, date: mondayAt('09:00'), ...inside })).toEqual([]);
  });

  it('lists the required, given and missing skills', async () => {
    expect(await check(company, { typeId: company.boilerType })).toEqual([
      { kind: 'skills', required: ['Electrics', 'Gas', 'Plumbing'], given: ['Plumbing'], missing: ['Electrics', 'Gas'] },
    ]);
  });

  it("warns when the location is outside every one of the worker's zones", async () => {
    expect(await check(company, outside)).toEqual([{ kind: 'zones', zones: ['Milano centro'] }]);
  });

  it('warns outside the working hours, using the type duration when none is given', async () => {
    // 11:00 plus the type's 90 minutes runs into the lunch break.
    expect(await check(company, { typeId: company.plainType, date: mondayAt('11:00'), durationMins: 90 })).toEqual([
      { kind: 'outsideWorkingHours', date: '2030-01-07', hours: ['08:00-12:00', '13:00-17:00'] },
    ]);
    const warnings = await check(company, { typeId: company.boilerType, date: mondayAt('11:00') });
    expect(warnings.map((warning) => warning.kind)).toEqual(['skills', 'outsideWorkingHours']);
    expect(await check(company, { date: mondayAt('18:00') })).toEqual([
      { kind: 'outsideWorkingHours', date: '2030-01-07', hours: ['08:00-12:00', '13:00-17:00'] },
    ]);
  });

  it("warns that the worker is unavailable on a day whose own record has no hours", async () => {
    expect(await check(company, { date: '2030-01-08T10:00:00+01:00' })).toEqual([{ kind: 'unavailable', date: '2030-01-08' }]);
  });

  it("gives no hours on a weekday the worker's live template leaves out", async () => {
    // Wednesday 2030-01-09: the template has rows for Monday and Sunday only.
    expect(await check(company, { date: '2030-01-09T10:00:00+01:00' })).toEqual([{ kind: 'outsideWorkingHours', date: '2030-01-09', hours: [] }]);
  });

  it('checks nothing when the tenant has zones, working hours and skills off', async () => {
    expect(await check(quietCompany, { typeId: quietCompany.boilerType, date: mondayAt('18:00'), ...outside })).toEqual([]);
  });

  it("answers 404 for another company's worker or task type", async () => {
    // The id travels in the query; the helper passes its case on to call(), query included.
    const crossTenantCase: CrossTenantCase & CallOptions = {
      handler: assignmentCheck,
      path: '/api/web/tasks/assignment-check',
      params: {},
      query: { assigneeId: String(company.worker.id) },
      otherTenantCookie: quietCompany.cookie,
      ownerCookie: company.cookie,
    };
    await expectTenantIsolation(crossTenantCase);
    const response = await call(assignmentCheck, {
      query: { assigneeId: String(quietCompany.worker.id), typeId: String(company.boilerType) },
      cookie: quietCompany.cookie,
    });
    expect(response.status).toBe(404);
  });

  it('needs a worker id and is for task managers only', async () => {
    expect((await call(assignmentCheck, { query: {}, cookie: company.cookie })).status).toBe(400);
    const workerCookie = await signIn(company.worker.username);
    expect((await call(assignmentCheck, { query: { assigneeId: String(company.worker.id) }, cookie: workerCookie })).status).toBe(403);
  });
});
