import { and, desc, eq } from 'drizzle-orm';
import { outbox, skills, workingHoursTemplates, zones } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import { getDb } from '@/lib/server/core/db';
import type { CallOptions } from './setup/http';
import { companyWithSessions } from './reference/helpers';

/** A company with sessions for every role, two skills, two zones and a working template (features 1, 2 and 4 on). */
export async function usersCompany(features: number[] = [Feature.zones, Feature.workingHours, Feature.skills]) {
  const db = await getDb();
  const company = await companyWithSessions(features);
  const { tenantId } = company;
  const [welding, wiring] = await db
    .insert(skills)
    .values([
      { tenantId, name: 'Welding', icon: 'flame' },
      { tenantId, name: 'Wiring', icon: 'zap' },
    ])
    .returning({ id: skills.id });
  const [north, south] = await db
    .insert(zones)
    .values([
      { tenantId, name: 'North' },
      { tenantId, name: 'South' },
    ])
    .returning({ id: zones.id });
  const [template] = await db.insert(workingHoursTemplates).values({ tenantId, name: 'Full time' }).returning({ id: workingHoursTemplates.id });
  return { ...company, skills: { welding: welding.id, wiring: wiring.id }, zones: { north: north.id, south: south.id }, template: template.id };
}
export type UsersCompany = Awaited<ReturnType<typeof usersCompany>>;

let counter = 0;
/** A username no other test uses, in whatever case the test wants to send it. */
export const freshUsername = (prefix = 'new') => `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}@example.test`;

/** The smallest valid POST users body. */
export const newUserBody = (overrides: Record<string, unknown> = {}) => ({
  username: freshUsername(),
  name: 'Nina',
  surname: 'Marino',
  assignee: true,
  ...overrides,
});

export const post = (cookie: string, json: unknown): CallOptions & { cookie: string } => ({ method: 'POST', cookie, json, path: '/api/web/users' });

export const putAdmin = (cookie: string, id: number, json: unknown): CallOptions & { cookie: string } => ({
  method: 'PUT',
  cookie,
  json,
  params: { id },
  query: { admin: 'true' },
  path: `/api/web/users/${id}`,
});

export const del = (cookie: string, id: number): CallOptions & { cookie: string } => ({
  method: 'DELETE',
  cookie,
  params: { id },
  path: `/api/web/users/${id}`,
});

export const putBulk = (cookie: string, json: unknown): CallOptions & { cookie: string } => ({
  method: 'PUT',
  cookie,
  json,
  query: { admin: 'true' },
  path: '/api/web/users/update-multi-user',
});

/** The newest outbox row addressed to this recipient. */
export async function lastMailTo(tenantId: number, recipient: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.tenantId, tenantId), eq(outbox.recipient, recipient)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row;
}
