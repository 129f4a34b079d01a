import { z, type ZodType } from 'zod';
import type { ApiOperation } from '@/lib/server/http/openapi/types';
import type { RouteContract } from '@/lib/server/http/route';
import { CreateTaskBody } from '@/lib/contract/tasks';
import { pngBytes } from '../../support/sample-files';
import { call, type CallOptions } from '../setup/http';
import { fileForm } from '../task-files/helpers';
import type { SeededIds, SeededTenant } from './tenant-seed';

type Kind = keyof SeededIds;
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  minLength?: number;
  default?: unknown;
};

/** A call as the suites drive it: one operation, or one variant of a chooseRoute() operation. */
export interface Call {
  operation: ApiOperation;
  contract: RouteContract;
  name: string;
}

export function callsOf(operations: readonly ApiOperation[]): Call[] {
  return operations.flatMap((operation) => {
    // chooseRoute() puts its variants on the contract; the RouteContract type does not declare them (yet).
    const contracts = (operation.contract as RouteContract & { variants?: RouteContract[] }).variants ?? [operation.contract];
    return contracts.map((contract, index) => ({
      operation,
      contract,
      name: `${operation.method} ${operation.path}${contracts.length > 1 ? ` #${index + 1}` : ''}`,
    }));
  });
}

/** Which record a path parameter names, by the path it sits in; a new id parameter fails the suite until mapped here. */
export function pathParamKind(path: string, param: string): Kind {
  const kind = param === 'id' ? idOfPath(path) : ({ fileId: 'file', noteId: 'note', signatureId: 'signature', pictureId: 'picture' } as const)[param];
  if (!kind) throw new Error(`No record kind for {${param}} in ${path}: map it in tests/api/security/requests.ts`);
  return kind;
}

function idOfPath(path: string): Kind | undefined {
  const byPrefix: [string, Kind][] = [
    ['/api/web/tasks/auto-schedule/', 'run'],
    ['/api/web/tasks/recurring/', 'recurringTask'],
    ['/api/web/tasks/cancelRecurring/', 'recurringTask'],
    ['/api/web/tasks/', 'task'],
    ['/api/web/worker/tasks/', 'task'],
    ['/api/web/cancellation_reason/', 'reason'],
    ['/api/web/clients/', 'client'],
    ['/api/web/custom-field/', 'field'],
    ['/api/web/key/', 'key'],
    ['/api/web/notification/', 'notification'],
    ['/api/web/skills/', 'skill'],
    ['/api/web/task-types/', 'type'],
    ['/api/web/time-slot/', 'slot'],
    ['/api/web/users/', 'worker'],
    ['/api/web/worker-unavailability/', 'unavailability'],
    ['/api/web/working-hours/', 'template'],
    ['/api/web/zones/', 'zone'],
    ['/api/web/tenant_feature/', 'feature'],
  ];
  return byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1];
}

/** Query and body keys that carry a tenant record's id (integers, or lists of them). */
const idKeys: Record<string, Kind> = {
  userId: 'worker',
  userIds: 'worker',
  assigneeId: 'worker',
  assigneeIds: 'worker',
  taskIds: 'task',
  tasks: 'task',
  parentTaskId: 'task',
  clientId: 'client',
  clientIds: 'client',
  typeId: 'type',
  typeIds: 'type',
  taskTypeId: 'type',
  timeSlotId: 'slot',
  workingHoursTemplateId: 'template',
  skillId: 'skill',
  zoneId: 'zone',
  customFieldId: 'field',
  cancellationReason: 'reason',
};

export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

const stringCandidates = () => {
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  return [`${day}T10:00:00.000Z`, day, '10:00', '08:00|17:00', '#ff0000', 'Europe/Rome', 'en', 'Security check', ' '];
};

/** An id slot the generator filled: where it sits and which kind of record it names. */
export interface IdSlot {
  path: (string | number)[];
  kind: Kind;
}

/**
 * A minimal valid value of a JSON schema: required properties, plus every optional property that carries an id
 * (so that each id a call takes is probed). Ids come from `ids`; their places are collected in `slots`.
 */
export function generate(schema: JsonSchema | undefined, ids: SeededIds, slots: IdSlot[] = [], at: (string | number)[] = [], key = ''): unknown {
  if (!schema) return undefined;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const chosen = options.find((option) => option.type !== 'null') ?? options[0];
    return generate(chosen, ids, slots, at, key);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const kind = idKeys[key];
  if (type === 'object' || schema.properties) {
    const value: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const carriesId = idKeys[name] !== undefined && /integer|number|array/.test(JSON.stringify(property.type ?? property.anyOf ?? ''));
      if (schema.required?.includes(name) || carriesId || hasIdInside(property)) {
        value[name] = generate(property, ids, slots, [...at, name], name);
      }
    }
    return value;
  }
  if (type === 'array') {
    const count = Math.max(1, schema.minItems ?? 0);
    return Array.from({ length: count }, (_, index) => generate(schema.items, ids, slots, [...at, index], key));
  }
  if (type === 'integer' || type === 'number') {
    if (kind) {
      slots.push({ path: at, kind });
      return ids[kind];
    }
    return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  }
  if (type === 'boolean') return schema.default ?? false;
  if (type === 'string') {
    if (schema.format === 'date-time') return stringCandidates()[0];
    if (schema.format === 'date') return stringCandidates()[1];
    if (schema.pattern) {
      const pattern = new RegExp(schema.pattern);
      return stringCandidates().find((candidate) => pattern.test(candidate)) ?? 'x';
    }
    return 'Security check'.padEnd(schema.minLength ?? 1, 'x');
  }
  return undefined;
}

/** An array of objects whose items carry ids (skills: [{skillId}]) is kept even when optional. */
function hasIdInside(schema: JsonSchema): boolean {
  const items = schema.items ?? schema.anyOf?.find((option) => option.items)?.items;
  return Object.keys(items?.properties ?? {}).some((name) => idKeys[name] !== undefined);
}

export function jsonSchema(schema: ZodType | undefined): JsonSchema | undefined {
  return schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;
}

export function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(target);
  let cursor = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, unknown>;
  cursor[path[path.length - 1]] = value;
  return copy;
}

/** The query as strings, the way a URL carries it. */
export function queryOf(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, Array.isArray(item) ? String(item[0]) : String(item)]));
}

/** Calls read multipart forms themselves; the driver sends them a small PNG (and the task JSON part for POST tasks). */
const multipart = new Set([
  'POST /api/web/tasks/{id}/files',
  'PUT /api/web/tasks/{id}/files/{fileId}',
  'POST /api/web/tasks/{id}/signature',
  'POST /api/web/users/{id}/profile-picture',
  'POST /api/web/tasks',
]);

export function isMultipart(name: string): boolean {
  return multipart.has(name);
}

/** The body to send: the multipart form, or JSON generated from the contract's body schema. */
export function bodyFor(call: Call, ids: SeededIds, slots: IdSlot[]): { json?: unknown; form?: (json: unknown) => FormData } {
  const key = `${call.operation.method} ${call.operation.path}`;
  if (key === 'POST /api/web/tasks') {
    return {
      json: generate(jsonSchema(CreateTaskBody), ids, slots),
      form: (json) => {
        const form = new FormData();
        form.append('task', JSON.stringify(json));
        return form;
      },
    };
  }
  if (multipart.has(key)) return { form: () => fileForm('security.png', pngBytes()) };
  return { json: generate(jsonSchema(call.contract.body), ids, slots) };
}

export type Handler = Parameters<typeof call>[0];

export async function send(call_: Call, options: CallOptions & { form?: FormData }): Promise<{ status: number; text: string; code?: string }> {
  const { form, ...rest } = options;
  const response = await call(call_.operation.handler as Handler, {
    method: call_.operation.method,
    path: call_.operation.path,
    ...rest,
    ...(form ? { body: form, json: undefined } : {}),
  });
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    // The live stream never ends: its status is the answer.
    await response.body?.cancel();
    return { status: response.status, text: '' };
  }
  const text = await response.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return { status: response.status, text, code };
}

/** Hand-set body fields the generator cannot guess (cross-field rules, unique names), by call or by path. */
const zonePoints = [
  { lat: 45.4, lng: 9.1 },
  { lat: 45.5, lng: 9.1 },
  { lat: 45.5, lng: 9.2 },
];
const bodyExtras: Record<string, (params: Record<string, number>, tenant: SeededTenant) => Record<string, unknown>> = {
  'POST /api/web/users': () => ({ username: 'security-new@example.test', assignee: true }),
  'PUT /api/web/users/{id} #2': (_params, tenant) => ({ username: tenant.usernames.worker, assignee: true }),
  'POST /api/web/tasks': () => ({ appointment: { date: tomorrowAt(10), durationMins: 60 } }),
  'PUT /api/web/users/update-multi-user #2': () => ({ assignee: true }),
  '/api/web/custom-field': () => ({ displayType: 'EDITABLE' }),
  '/api/web/notification': () => ({ type: 'ON_TASK_UPDATE', subject: 'Security check' }),
  '/api/web/time-slot': () => ({ startTimeSlot: '08:00', endTimeSlot: '12:00' }),
  '/api/web/zones': () => ({ points: zonePoints }),
  // A short series: the default horizon writes a year of occurrences.
  '/api/web/tasks/recurring': () => ({ recurringRule: 'weekly', endRecurrence: tomorrowAt(0, 21).slice(0, 10) }),
  '/api/web/tasks/recurring/{id}': (params) => ({ parentTaskId: params.id, recurringRule: 'weekly', endRecurrence: tomorrowAt(0, 21).slice(0, 10) }),
};

/** Query fields with cross-field rules. */
const queryExtras: Record<string, () => Record<string, string>> = {
  'GET /api/web/task/direction': () => ({ appointmentFrom: tomorrowAt(0), appointmentTo: tomorrowAt(23) }),
};

function tomorrowAt(hour: number, days = 1): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

function extrasFor(call_: Call, params: Record<string, number>, tenant: SeededTenant): Record<string, unknown> | undefined {
  const byPath = call_.operation.path.replace(/\/\{id\}$/, '');
  const extras = bodyExtras[call_.name] ?? bodyExtras[key(call_)] ?? bodyExtras[call_.operation.path] ?? bodyExtras[byPath];
  return extras?.(params, tenant);
}

export function key(call_: Call): string {
  return `${call_.operation.method} ${call_.operation.path}`;
}

export async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: size }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** A valid request for a call in a tenant: query and body from the contract with the tenant's ids, plus the hand-set fields. */
export function buildRequest(call_: Call, tenant: SeededTenant, params: Record<string, number> = {}) {
  const slots: IdSlot[] = [];
  const generated = generate(jsonSchema(call_.contract.query), tenant.ids, slots);
  const query = generated && queryExtras[key(call_)] ? { ...(generated as object), ...queryExtras[key(call_)]() } : generated;
  const querySlots = [...slots];
  const bodySlots: IdSlot[] = [];
  const { json, form } = bodyFor(call_, tenant.ids, bodySlots);
  const extras = extrasFor(call_, params, tenant);
  return { query, querySlots, json: extras && json !== undefined ? { ...(json as object), ...extras } : json, bodySlots, form };
}
