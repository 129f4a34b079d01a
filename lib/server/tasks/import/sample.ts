import 'server-only';
import Papa from 'papaparse';
import { exampleValue, sampleFileName, taskImportColumns, type TaskImportColumn } from '@/lib/contract/task-import';
import { addDays, todayIn } from '@/lib/contract/zoned-time';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { clients, taskTypes } from '@/db/schema';
import { bodyAnswer, type BodyAnswer } from '@/lib/server/core/answer';
import type { Ctx } from '@/lib/server/core/ctx';
import { tenantCustomFields } from '@/lib/server/tasks/custom-field-values';

async function firstNames(ctx: Ctx): Promise<{ typeName: string; clientName: string }> {
  const [[type], [client]] = await Promise.all([
    ctx.db
      .select({ name: taskTypes.name })
      .from(taskTypes)
      .where(and(eq(taskTypes.tenantId, ctx.tenantId), isNull(taskTypes.deleted)))
      .orderBy(sql`lower(${taskTypes.name})`, asc(taskTypes.id))
      .limit(1),
    ctx.db
      .select({ name: clients.displayName })
      .from(clients)
      .where(and(eq(clients.tenantId, ctx.tenantId), isNull(clients.deleted)))
      .orderBy(sql`lower(${clients.displayName})`, asc(clients.id))
      .limit(1),
  ]);
  return { typeName: type?.name ?? 'Boiler repair', clientName: client?.name ?? '' };
}

/**
 * The sample file: the header this company's import takes (the standard columns, then one per live custom field)
 * and two example lines, a scheduled task and an unscheduled one, using the company's own first task type and
 * client so that the sample imports as it is.
 */
export async function taskImportSample(ctx: Ctx): Promise<BodyAnswer> {
  const fields = (await tenantCustomFields(ctx.db, ctx)).filter((field) => field.deleted === null).sort((a, b) => a.id - b.id);
  const { typeName, clientName } = await firstNames(ctx);
  const date = addDays(todayIn(ctx.tenantTimeZone), 7);
  const scheduled: Record<TaskImportColumn, string> = {
    externalReference: 'EXT-0001',
    title: '',
    taskType: typeName,
    client: clientName,
    description: 'Yearly service',
    scheduleDate: date,
    scheduleTime: '09:00',
    durationMins: '60',
    worker: '',
    timeSlot: '',
    contactName: 'Anna',
    contactSurname: 'Bianchi',
    contactPhoneCountryCode: '+39',
    contactPhone: '3331234567',
    address: 'Via Roma 1, Milano',
    latitude: '45.4642',
    longitude: '9.19',
    billingStatus: 'pending',
  };
  const unscheduled: Record<TaskImportColumn, string> = {
    ...Object.fromEntries(taskImportColumns.map((column) => [column, ''])),
    externalReference: 'EXT-0002',
    taskType: typeName,
    description: 'To be planned',
  } as Record<TaskImportColumn, string>;
  const header = [...taskImportColumns, ...fields.map((field) => field.fieldName)];
  const line = (task: Record<TaskImportColumn, string>) => [
    ...taskImportColumns.map((column) => task[column]),
    ...fields.map((field) => exampleValue(field, date)),
  ];
  const csv = Papa.unparse({ fields: header, data: [line(scheduled), line(unscheduled)] }, { newline: '\r\n' });
  return bodyAnswer({
    body: `\ufeff${csv}\r\n`,
    contentType: 'text/csv; charset=utf-8',
    disposition: { type: 'attachment', filename: sampleFileName },
  });
}
