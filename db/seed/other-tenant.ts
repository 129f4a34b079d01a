import { clients, customFields, skills, taskTypes, tenants, timeSlots } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/core/db';
import { addDays, localInstant, localToday } from './calendar';
import { idOf } from './lookup';
import { createLogins, managerRoles } from './people';
import { insertDefaultCancellationReasons } from '@/lib/server/reference/data/defaults';
import { insertTaskPlans, type TaskPlan } from './task-rows';

const otherTimeZone = 'Europe/Rome';

const turinClients = [
  {
    displayName: 'Officine Torinesi Srl',
    defaultContact: { name: 'Carlo', surname: 'Bosco', phoneCountryCode: '+39', phone: '011 562 3341' },
    defaultTaskLocation: { address: 'Via Nizza 150, 10126 Torino TO', latitude: 45.0441, longitude: 7.6712 },
    billingContact: { name: 'Carlo', surname: 'Bosco', email: 'fatture@officinetorinesi.example' },
  },
  {
    displayName: 'Palazzo Lingotto Uffici',
    defaultContact: { name: 'Irene', surname: 'Fabbri', phoneCountryCode: '+39', phone: '011 664 9020' },
    defaultTaskLocation: { address: 'Via Nizza 262, 10126 Torino TO', latitude: 45.0325, longitude: 7.6659 },
    billingContact: { name: 'Irene', surname: 'Fabbri', email: 'amministrazione@lingottouffici.example' },
  },
];

/**
 * "Other Co": a second, small company whose rows sit beside the demo's, so tests and people can check that
 * nothing of one tenant shows up in the other.
 */
export async function seedOtherCo(db: DbOrTx, passwordHash: string, now: Date = new Date()): Promise<number> {
  const [tenant] = await db
    .insert(tenants)
    .values({ displayName: 'Other Co', timeZone: otherTimeZone, demo: true })
    .returning({ id: tenants.id });
  const tenantId = tenant.id;
  const logins = await createLogins(
    db,
    tenantId,
    [{ username: 'owner@other.test', name: 'Oscar', surname: 'Ferrero', ...managerRoles }],
    passwordHash,
  );
  const ownerId = idOf(logins, 'owner@other.test');
  await insertDefaultCancellationReasons(db, tenantId);
  await db.insert(skills).values({ tenantId, name: 'Boiler certification', icon: 'flame' });
  await db.insert(timeSlots).values({ tenantId, name: 'All day', startTime: '08:00:00', endTime: '18:00:00' });
  await db.insert(customFields).values({ tenantId, fieldName: 'Meter reading', fieldType: 'NUMBER' });
  const typeRows = await db
    .insert(taskTypes)
    .values([
      { tenantId, name: 'Inspection', durationMins: 45 },
      { tenantId, name: 'Repair', durationMins: 90 },
    ])
    .returning({ id: taskTypes.id, name: taskTypes.name, durationMins: taskTypes.durationMins });
  const clientRows = await db
    .insert(clients)
    .values(turinClients.map((client) => ({ ...client, tenantId })))
    .returning({ id: clients.id, displayName: clients.displayName });

  const today = localToday(otherTimeZone, now);
  const created = localInstant(addDays(today, -2), 9 * 60 + 30, otherTimeZone);
  const planFor = (typeIndex: number, clientIndex: number, appointment: Date | null): TaskPlan => {
    const type = typeRows[typeIndex];
    const client = turinClients[clientIndex];
    return {
      creatorId: ownerId,
      statusSteps: [],
      task: {
        title: `${type.name} - ${client.displayName}`,
        typeId: type.id,
        clientId: clientRows[clientIndex].id,
        durationMins: type.durationMins,
        appointmentDate: appointment,
        locationAddress: client.defaultTaskLocation.address,
        locationLatitude: client.defaultTaskLocation.latitude,
        locationLongitude: client.defaultTaskLocation.longitude,
        created,
        updated: created,
      },
    };
  };
  await insertTaskPlans(db, tenantId, [
    planFor(0, 0, null),
    planFor(1, 1, localInstant(addDays(today, 1), 10 * 60, otherTimeZone)),
    planFor(0, 1, localInstant(addDays(today, 2), 14 * 60 + 30, otherTimeZone)),
  ]);
  return tenantId;
}
