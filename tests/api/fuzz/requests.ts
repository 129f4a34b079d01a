import fc from 'fast-check';
import { z, type ZodType } from 'zod';
import { CreateTaskBody } from '@/lib/contract/tasks';
import type { ApiOperation } from '@/lib/server/http/openapi/types';
import type { RouteContract } from '@/lib/server/http/route';
import { anyJson, broken, nastyString, valid, type JsonSchema } from './arbitraries';

export type Caller = 'owner' | 'worker' | 'key' | 'none';

/** One generated request, kept as plain data so that a failure prints what to replay. */
export interface FuzzRequest {
  kind: string;
  caller: Caller;
  params: Record<string, string>;
  query: Record<string, string>;
  /** JSON text, raw text, or multipart parts. */
  body?: { text: string; contentType?: string } | { parts: FormPart[] };
  idempotencyKey?: string;
}

export interface FormPart {
  name: string;
  value: string;
  filename?: string;
  type?: string;
}

/** Row ids of the seeded tenants per path parameter, e.g. 'tasks/{id}' → task ids. */
export type IdPools = (path: string, param: string) => readonly number[];

/** chooseRoute keeps the contract of each variant beside the handler's own. */
function contractsOf(operation: ApiOperation): RouteContract[] {
  return (operation.contract as RouteContract & { variants?: RouteContract[] }).variants ?? [operation.contract];
}

const managerRoles = new Set(['owner', 'tasksManager', 'usersManager', 'billingManager']);

function toJsonSchema(schema: ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Calls that read request.formData() themselves: no body schema on a write. */
export function takesMultipart(operation: ApiOperation): boolean {
  const contracts = contractsOf(operation);
  return (
    ['POST', 'PUT'].includes(operation.method) &&
    operation.contract.access === 'authenticated' &&
    contracts.every((contract) => !contract.body) &&
    /upload|files|signature|profile-picture|^\/api\/web\/tasks$/.test(operation.path)
  );
}

/** Who calls: the owner (every manager role), a worker for calls only assignees make. */
export function mainCaller(operation: ApiOperation): Caller {
  if (operation.contract.access !== 'authenticated') return 'none';
  const roles = contractsOf(operation).flatMap((contract): string[] => [...(contract.roles ?? ['owner'])]);
  return roles.some((role) => managerRoles.has(role)) ? 'owner' : 'worker';
}

const oddIds = fc.constantFrom(
  '0', '-1', '2147483648', '99999999999999999999', '9007199254740993', '1.5', '1e3', '0x1F', ' 1', '1 ', 'abc', 'NaN',
  'Infinity', '-0', '', '١٢', '𝟙', '%00', '1;select 1', '[]', '{}', 'undefined', 'null', '00000000001',
);

function paramArbitrary(path: string, name: string, pools: IdPools, schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const seeded = pools(path, name);
  const declared = schema?.properties?.[name];
  return fc.oneof(
    { weight: 5, arbitrary: seeded.length ? fc.constantFrom(...seeded).map(String) : fc.integer({ min: 1, max: 300 }).map(String) },
    { weight: 2, arbitrary: declared ? valid(declared, schema).map(String) : fc.nat(5_000).map(String) },
    { weight: 3, arbitrary: fc.oneof(oddIds, nastyString) },
  );
}

function queryText(value: unknown): string {
  if (Array.isArray(value)) return value.map(queryText).join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

function asQuery(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { q: queryText(value) };
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, queryText(entry)]));
}

function jsonBody(value: unknown) {
  return { text: JSON.stringify(value) ?? 'null', contentType: 'application/json' };
}

const malformedJson = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', '{"a":1,}', "{'a':1}", 'undefined', 'NaN', '{"a":1}{"b":2}', '\u0000', '\ufeff{}', '{"__proto__":{"x":1}}', '1e99999', '"\\ud800"', '{"a":"\\u0000"}'),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 2 }).map((value) => (JSON.stringify(value) ?? 'null').slice(0, -1)),
);

const filenames = fc.constantFrom('a.png', 'a.jpg', 'a.pdf', 'a.csv', 'a.svg', 'a.exe', '../../etc/passwd', 'ünï cødé.png', '', 'a'.repeat(300) + '.png', 'x.png.php', '\u0000.png');
const fileTypes = fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/csv', 'image/svg+xml', 'application/octet-stream', '');
const pngMagic = '\u0089PNG\r\n\u001a\n';
const fileContents = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(`${pngMagic}garbage`, '%PDF-1.4\ngarbage', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'GIF89a', ''),
  fc.array(fc.array(nastyString, { maxLength: 8 }), { maxLength: 20 }).map((rows) => rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\n')),
  fc.array(fc.array(fc.string({ unit: 'grapheme-ascii', maxLength: 12 }), { minLength: 3, maxLength: 12 }), { maxLength: 30 }).map((rows) => rows.map((row) => row.join(',')).join('\n')),
);

function multipartBody(taskPart: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzRequest['body']> {
  const filePart = fc.record({ name: fc.constantFrom('file', 'file', 'files', 'image', 'x'), value: fileContents, filename: filenames, type: fileTypes });
  const textPart = fc.record({
    name: fc.constantFrom('task', 'description', 'file', 'json', 'x'),
    value: fc.oneof(taskPart.map((value) => JSON.stringify(value) ?? 'null'), nastyString, malformedJson),
  });
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(fc.oneof(filePart, textPart), { maxLength: 4 }).map((parts) => ({ parts })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }).map((text) => ({ text, contentType: 'multipart/form-data; boundary=xyz' })) },
    { weight: 1, arbitrary: fc.constantFrom({ text: '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated', contentType: 'multipart/form-data; boundary=xyz' }, { text: '', contentType: 'multipart/form-data' }) },
    { weight: 1, arbitrary: anyJson.map(jsonBody) },
  );
}

function contractArbitrary(operation: ApiOperation, contract: RouteContract, pools: IdPools): fc.Arbitrary<Omit<FuzzRequest, 'caller'>> {
  const paramsSchema = toJsonSchema(contract.params);
  const querySchema = toJsonSchema(contract.query);
  const bodySchema = toJsonSchema(contract.body);
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const params = fc.record(Object.fromEntries(names.map((name) => [name, paramArbitrary(operation.path, name, pools, paramsSchema)])));
  const validQuery = querySchema ? valid(querySchema).map(asQuery) : fc.constant({});
  const brokenQuery = querySchema ? broken(querySchema).map(asQuery) : fc.dictionary(fc.string({ maxLength: 8 }), nastyString, { maxKeys: 3 });
  const query = fc.oneof({ weight: 3, arbitrary: validQuery }, { weight: 1, arbitrary: brokenQuery });
  const multipart = takesMultipart(operation);
  const validBody = bodySchema ? valid(bodySchema).map(jsonBody) : multipart ? multipartBody(valid(toJsonSchema(CreateTaskBody) ?? {})) : fc.constant(undefined);
  const body = fc.oneof(
    { weight: 6, arbitrary: validBody },
    { weight: bodySchema ? 5 : 1, arbitrary: bodySchema ? broken(bodySchema).map(jsonBody) : anyJson.map(jsonBody) },
    { weight: 2, arbitrary: anyJson.map(jsonBody) },
    { weight: 2, arbitrary: malformedJson.map((text) => ({ text, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, { text: '' }, { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }, { text: '{}', contentType: 'text/plain' }) },
    { weight: 1, arbitrary: fc.constantFrom(2_000, 20_000).map((depth) => ({ text: `${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`, contentType: 'application/json' })) },
  );
  return fc.record({
    kind: fc.constant(contract === operation.contract ? 'contract' : 'variant'),
    params,
    query,
    body,
    idempotencyKey: contract.idempotent ? fc.option(fc.oneof(fc.uuid(), fc.string({ unit: 'grapheme-ascii', maxLength: 300 })), { nil: undefined }) : fc.constant(undefined),
  });
}

/** The requests of one operation: mostly the declared caller, a share through an API key and with no credentials. */
export function requestArbitrary(operation: ApiOperation, pools: IdPools): fc.Arbitrary<FuzzRequest> {
  const contracts = contractsOf(operation);
  const shapes = fc.oneof(...contracts.map((contract) => contractArbitrary(operation, contract, pools)));
  const main = mainCaller(operation);
  const caller: fc.Arbitrary<Caller> =
    main === 'none' ? fc.constant('none') : fc.oneof({ weight: 18, arbitrary: fc.constant(main) }, { weight: 1, arbitrary: fc.constant<Caller>('key') }, { weight: 1, arbitrary: fc.constant<Caller>('none') });
  return fc.tuple(shapes, caller).map(([shape, who]) => ({ ...shape, caller: who }));
}

/** A few bodies of 1 to 5 MB per operation that takes one: a huge string field, a huge array, huge garbage. */
export function hugeRequests(operation: ApiOperation, caller: Caller): FuzzRequest[] {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const params = Object.fromEntries(names.map((name) => [name, '1']));
  const base = { caller, params, query: {} };
  if (operation.method === 'GET' || operation.method === 'DELETE') {
    return [{ ...base, kind: 'huge query', query: { q: 'x'.repeat(200_000), ...Object.fromEntries(names.map((name) => [name, '9'.repeat(5_000)])) } }];
  }
  const multipart = takesMultipart(operation);
  return [
    { ...base, kind: 'huge json string', body: jsonBody({ title: 'é'.repeat(1_000_000), name: 'x', description: 'y'.repeat(500_000) }) },
    { ...base, kind: 'huge json array', body: jsonBody(Array.from({ length: 300_000 }, (_, index) => index)) },
    { ...base, kind: 'huge garbage', body: { text: '\u0001{['.repeat(1_700_000), contentType: multipart ? 'multipart/form-data; boundary=xyz' : 'application/json' } },
    ...(multipart ? [{ ...base, kind: 'huge file part', body: { parts: [{ name: 'file', value: `${pngMagic}${'A'.repeat(5_000_000)}`, filename: 'a.png', type: 'image/png' }] } }] : []),
  ];
}
