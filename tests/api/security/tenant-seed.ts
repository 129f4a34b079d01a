import {
  apiKeys,
  autoScheduleRuns,
  cancellationReasons,
  clients,
  customFields,
  customFieldValues,
  notifications,
  outbox,
  skills,
  taskLogs,
  taskNotes,
  taskTimeline,
  taskTypeCustomFields,
  taskTypeSkills,
  taskTypes,
  timeSlots,
  userSkills,
  userZones,
  workerUnavailability,
  workingHoursTemplateDays,
  workingHoursTemplates,
  zonePoints,
  zones,
} from '@/db/schema';
import { POST as addFile } from '@/app/api/web/tasks/[id]/files/route';
import { POST as addSignature } from '@/app/api/web/tasks/[id]/signature/route';
import { POST as addPicture } from '@/app/api/web/users/[id]/profile-picture/route';
import { Feature, featureCatalogue } from '@/lib/contract/features';
import { hashApiKey } from '@/lib/server/people/auth/api-keys';
import { getDb } from '@/lib/server/core/db';
import { pngBytes } from '../../support/sample-files';
import { createTenant, createUser } from '../setup/fixtures';
import { call, signIn } from '../setup/http';
import { fileForm } from '../task-files/helpers';
import { future, seedTask } from '../tasks/helpers';

/** The kinds of record a call can name by id, each seeded once per tenant. */
/** Outside calls go to a closed loopback port: the Xero calls of the driven routes fail fast instead of leaving the machine. */
export function closeOutsideServices(): void {
  process.env.XERO_IDENTITY_URL = 'http://127.0.0.1:9';
  process.env.XERO_API_URL = 'http://127.0.0.1:9';
  process.env.XERO_TIMEOUT_MS = '1000';
}

export interface SeededIds {
  task: number;
  recurringTask: number;
  unscheduledTask: number;
  file: number;
  note: number;
  signature: number;
  picture: number;
  client: number;
  type: number;
  skill: number;
  zone: number;
  slot: number;
  reason: number;
  field: number;
  notification: number;
  key: number;
  template: number;
  unavailability: number;
  run: number;
  owner: number;
  worker: number;
  tasksManager: number;
  usersManager: number;
  billingManager: number;
  /** A feature of the global catalogue (not a tenant record), for tenant_feature/{id}. */
  feature: number;
}

export type RoleName = 'owner' | 'tasksManager' | 'usersManager' | 'billingManager' | 'worker';

export interface SeededTenant {
  tenantId: number;
  marker: string;
  ids: SeededIds;
  /** One signed-in session per role; the owner also holds the assignee role unless told otherwise, so worker calls reach the handler. */
  cookies: Record<RoleName, string>;
  usernames: Record<RoleName, string>;
  /** A key made by the owner with the owner role (the four manager roles). */
  apiKey: string;
}

/**
 * A company with one record of every kind a call names by id, every feature on, and `marker` in every text a
 * list, export or report could show (titles, names, notes, messages).
 */
export async function seedTenant(marker: string, storagePrefix: string, options: { ownerIsAssignee?: boolean } = {}): Promise<SeededTenant> {
  const db = await getDb();
  const tenantId = await createTenant({ name: `${marker} company`, features: featureCatalogue.map((feature) => feature.id) });
  const person = (role: string) => ({ username: `${role}-${marker.toLowerCase()}@example.test`, name: `${marker} ${role}` });
  const [owner, worker, tasksManager, usersManager, billingManager] = await Promise.all([
    createUser(tenantId, { ...person('owner'), owner: true, assignee: options.ownerIsAssignee ?? true }),
    createUser(tenantId, { ...person('worker'), assignee: true }),
    createUser(tenantId, { ...person('tasks'), tasksManager: true }),
    createUser(tenantId, { ...person('users'), usersManager: true }),
    createUser(tenantId, { ...person('billing'), billingManager: true }),
  ]);
  const named = (what: string) => `${marker} ${what}`;
  const [skill] = await db.insert(skills).values({ tenantId, name: named('skill'), icon: 'wrench' }).returning();
  const [zone] = await db.insert(zones).values({ tenantId, name: named('zone'), color: '#ff0000' }).returning();
  await db.insert(zonePoints).values(
    [
      [45.4, 9.1],
      [45.5, 9.1],
      [45.5, 9.2],
    ].map(([lat, lng], pointOrder) => ({ tenantId, zoneId: zone.id, lat, lng, pointOrder })),
  );
  await db.insert(userSkills).values({ tenantId, userId: worker.id, skillId: skill.id });
  await db.insert(userZones).values({ tenantId, userId: worker.id, zoneId: zone.id });
  const [slot] = await db.insert(timeSlots).values({ tenantId, name: named('slot'), startTime: '08:00', endTime: '12:00' }).returning();
  const [reason] = await db.insert(cancellationReasons).values({ tenantId, name: named('reason') }).returning();
  const [field] = await db
    .insert(customFields)
    .values({ tenantId, fieldName: named('field'), fieldType: 'TEXT', required: false, requiredType: 'ON_SAVE' })
    .returning();
  const [type] = await db.insert(taskTypes).values({ tenantId, name: named('type'), durationMins: 60 }).returning();
  await db.insert(taskTypeSkills).values({ tenantId, taskTypeId: type.id, skillId: skill.id });
  await db.insert(taskTypeCustomFields).values({ tenantId, taskTypeId: type.id, customFieldId: field.id });
  const [client] = await db.insert(clients).values({ tenantId, displayName: named('client') }).returning();
  const [template] = await db.insert(workingHoursTemplates).values({ tenantId, name: named('template') }).returning();
  await db
    .insert(workingHoursTemplateDays)
    .values((['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ tenantId, templateId: template.id, day, hours: '08:00|17:00' })));
  const [unavailability] = await db
    .insert(workerUnavailability)
    .values({ tenantId, userId: worker.id, dateUnavailability: future(3).slice(0, 10), hours: '09:00|10:00' })
    .returning();
  const [notification] = await db
    .insert(notifications)
    .values({ tenantId, type: 'ON_TASK_UPDATE', recipient: 'CLIENT', messageType: 'EMAIL', subject: named('subject'), message: named('message') })
    .returning();
  const [key] = await db
    .insert(apiKeys)
    .values({ tenantId, name: named('key'), keyHash: hashApiKey(`${storagePrefix}-key`), keyPrefix: storagePrefix.slice(0, 6), roles: ['owner'], createdById: owner.id })
    .returning();

  const taskValues = { typeId: type.id, clientId: client.id, description: named('description'), contactName: named('contact') };
  const task = await seedTask(tenantId, {
    ...taskValues,
    title: named('task'),
    assigneeId: worker.id,
    appointmentDate: new Date(future(1)),
    durationMins: 60,
    timeSlotId: slot.id,
    locationAddress: named('address'),
    locationLatitude: 45.45,
    locationLongitude: 9.15,
  });
  const recurringTask = await seedTask(tenantId, {
    ...taskValues,
    title: named('recurring'),
    recurring: true,
    recurringRule: 'FREQ=WEEKLY;COUNT=2',
    recurringCount: 2,
    assigneeId: worker.id,
    appointmentDate: new Date(future(2)),
    durationMins: 60,
  });
  await seedTask(tenantId, { ...taskValues, title: named('child'), recurringTaskId: recurringTask, appointmentDate: new Date(future(9)), durationMins: 60 });
  const unscheduledTask = await seedTask(tenantId, { ...taskValues, title: named('unscheduled') });
  const [note] = await db.insert(taskNotes).values({ tenantId, taskId: task, note: named('note'), authorId: owner.id }).returning();
  await db.insert(customFieldValues).values({ tenantId, taskId: task, customFieldId: field.id, fieldValue: named('value') });
  await db.insert(taskLogs).values({ tenantId, taskId: task, userId: owner.id, action: 'create', newValue: named('log') });
  await db.insert(taskTimeline).values({ tenantId, taskId: task, userId: owner.id, statusId: 1 });
  await db.insert(outbox).values({ tenantId, channel: 'EMAIL', recipient: 'client@example.test', subject: named('mail'), body: named('mail body'), taskId: task });
  const [run] = await db.insert(autoScheduleRuns).values({ tenantId, day: future(1).slice(0, 10), createdById: owner.id }).returning();

  const cookies = Object.fromEntries(
    await Promise.all(
      (
        [
          ['owner', owner],
          ['worker', worker],
          ['tasksManager', tasksManager],
          ['usersManager', usersManager],
          ['billingManager', billingManager],
        ] as const
      ).map(async ([role, user]) => [role, await signIn(user.username)] as const),
    ),
  ) as Record<RoleName, string>;
  const upload = async (handler: typeof addFile, id: number, name: string) => {
    const response = await call(handler, { method: 'POST', params: { id }, body: fileForm(name, pngBytes()), cookie: cookies.owner });
    const body = (await response.json()) as { id: number };
    if (response.status !== 200) throw new Error(`seeding ${name}: ${response.status} ${JSON.stringify(body)}`);
    return body.id;
  };
  const [file, signature, picture] = await Promise.all([
    upload(addFile, task, `${marker}-photo.png`),
    upload(addSignature, task, 'blob'),
    upload(addPicture, worker.id, 'avatar.png'),
  ]);
  return {
    tenantId,
    marker,
    apiKey: `${storagePrefix}-key`,
    cookies,
    usernames: {
      owner: owner.username,
      worker: worker.username,
      tasksManager: tasksManager.username,
      usersManager: usersManager.username,
      billingManager: billingManager.username,
    },
    ids: {
      task,
      recurringTask,
      unscheduledTask,
      file,
      note: note.id,
      signature,
      picture,
      client: client.id,
      type: type.id,
      skill: skill.id,
      zone: zone.id,
      slot: slot.id,
      reason: reason.id,
      field: field.id,
      notification: notification.id,
      key: key.id,
      template: template.id,
      unavailability: unavailability.id,
      run: run.id,
      owner: owner.id,
      worker: worker.id,
      tasksManager: tasksManager.id,
      usersManager: usersManager.id,
      billingManager: billingManager.id,
      feature: Feature.trackingLink,
    },
  };
}
