import 'server-only';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import {
  requiredFieldsOfType,
  tenantCustomFields,
  type CustomFieldRecord,
  type RequiredFieldRecord,
} from './custom-field-values';
import {
  findClient,
  findTaskType,
  isActiveWorker,
  isLiveTimeSlot,
  type ClientRecord,
  type TaskTypeRecord,
} from './rules';

/**
 * What the task rules look up about the tenant's reference data. A single write reads it from the database as it
 * goes; a bulk write (the CSV import) loads it once and answers from memory, through the same rules.
 */
export interface TaskReferences {
  taskType(id: number): Promise<TaskTypeRecord | undefined>;
  client(id: number): Promise<ClientRecord | undefined>;
  isActiveWorker(id: number): Promise<boolean>;
  isLiveTimeSlot(id: number): Promise<boolean>;
  /** Every custom field of the tenant, deleted ones included, by id. */
  customFields(): Promise<ReadonlyMap<number, CustomFieldRecord>>;
  requiredFields(typeId: number): Promise<readonly RequiredFieldRecord[]>;
}

export function databaseReferences(db: DbOrTx, ctx: Ctx): TaskReferences {
  return {
    taskType: (id) => findTaskType(db, ctx, id),
    client: (id) => findClient(db, ctx, id),
    isActiveWorker: (id) => isActiveWorker(db, ctx, id),
    isLiveTimeSlot: (id) => isLiveTimeSlot(db, ctx, id),
    customFields: async () => new Map((await tenantCustomFields(db, ctx)).map((field) => [field.id, field])),
    requiredFields: (typeId) => requiredFieldsOfType(db, ctx, typeId),
  };
}
