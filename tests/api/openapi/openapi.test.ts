import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { GET } from '@/app/api/web/openapi.json/route';
import { apiOperations } from '@/app/api/operations';
import type { ApiOperation } from '@/lib/server/http/openapi/types';
import { route } from '@/lib/server/http/route';
import { buildOpenApiDocument, isDocumented, type OpenApiDocument } from '@/lib/server/http/openapi/document';
import { apiPathOf, routeFiles } from '@/scripts/api-index';
import { catalogueEntries } from '@/lib/contract/error-catalogue';
import { call } from '../setup/http';

/** Left out of the document on purpose: the catch-all answers 404 for paths that name no call. */
const deliberatelyUndocumented = ['/api/web/{path}'];

/**
 * Writes that take no body and no upload. A new call that reads a multipart body must declare `upload` in its
 * route() options instead of landing here, so the document shows its parts.
 */
const bodylessWrites = [
  'POST /api/web/logout',
  'PATCH /api/web/notification/{id}/disable',
  'PATCH /api/web/notification/{id}/enable',
  'POST /api/web/tasks/auto-schedule/{id}/undo',
  'PUT /api/web/tasks/auto-schedule',
  'POST /api/web/tenant_feature/{id}',
];

const uploadCalls = [
  'POST /api/web/clients/upload/csv',
  'POST /api/web/tasks',
  'POST /api/web/tasks/upload/csv',
  'POST /api/web/tasks/{id}/files',
  'PUT /api/web/tasks/{id}/files/{fileId}',
  'POST /api/web/tasks/{id}/signature',
  'POST /api/web/users/{id}/profile-picture',
];

const methodsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));

/** The methods each route file exports, read from its source: the folder tree, independent of the index. */
function exportedMethodsOnDisk(): string[] {
  return routeFiles().flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const names = [
      ...[...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((match) => match[1]),
      ...[...source.matchAll(/export \{([^}]+)\}/g)].flatMap((match) => match[1].split(',').map((name) => name.trim())),
    ];
    return names.filter((name) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(name)).map((method) => `${method} ${apiPathOf(file)}`);
  });
}

/** Every `$ref` in the document, with where it points. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

function resolves(document: unknown, ref: string): boolean {
  if (!ref.startsWith('#/')) return false;
  let node: unknown = document;
  for (const segment of ref.slice(2).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (node === null || typeof node !== 'object' || !(segment in node)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return true;
}

/** The structural rules of OpenAPI 3.1 this document must keep; an empty list means it holds. */
function structuralProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  if (document.openapi !== '3.1.0') problems.push(`openapi is ${document.openapi}`);
  if (!document.info?.title || !document.info?.version) problems.push('info needs a title and a version');
  for (const ref of refsIn(document)) if (!resolves(document, ref)) problems.push(`unresolved $ref ${ref}`);
  const operationIds = new Set<string>();
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/')) problems.push(`${path} does not start with /`);
    const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const [method, operation] of Object.entries(methods)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) problems.push(`${where}: unknown method`);
      if (operationIds.has(operation.operationId)) problems.push(`${where}: duplicate operationId ${operation.operationId}`);
      operationIds.add(operation.operationId);
      const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
      if (JSON.stringify(pathParameters.map((parameter) => parameter.name).sort()) !== JSON.stringify(inPath)) {
        problems.push(`${where}: path parameters do not match the path`);
      }
      if (pathParameters.some((parameter) => !parameter.required)) problems.push(`${where}: a path parameter is optional`);
      const keys = operation.parameters.map((parameter) => `${parameter.in}:${parameter.name}`);
      if (new Set(keys).size !== keys.length) problems.push(`${where}: a parameter is declared twice`);
      if (!operation.responses['200']) problems.push(`${where}: no 200 response`);
      for (const requirement of operation.security) {
        for (const scheme of Object.keys(requirement)) {
          if (!(scheme in document.components.securitySchemes)) problems.push(`${where}: unknown security scheme ${scheme}`);
        }
      }
    }
  }
  return problems;
}

describe('GET /api/web/openapi.json', () => {
  let document: OpenApiDocument;
  let operations: ApiOperation[];

  beforeAll(async () => {
    operations = await apiOperations();
    const response = await call(GET, { path: '/api/web/openapi.json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await response.json()) as OpenApiDocument;
  });

  it('is served without signing in, and is itself a public operation of the document', () => {
    expect(document.paths['/api/web/openapi.json'].get.security).toEqual([]);
  });

  it('lists every method of every route file, and nothing else; only the catch-all is left out, on purpose', () => {
    const documented = methodsOf(document).sort();
    const declared = operations.filter(isDocumented).map((operation) => `${operation.method} ${operation.path}`);
    expect(documented).toEqual(declared.sort());
    const onDisk = exportedMethodsOnDisk().filter((operation) => !deliberatelyUndocumented.some((path) => operation.endsWith(` ${path}`)));
    expect(documented).toEqual(onDisk.sort());
    const left = operations.filter((operation) => !isDocumented(operation)).map((operation) => operation.path);
    expect([...new Set(left)]).toEqual(deliberatelyUndocumented);
  });

  it('keeps the structural rules of OpenAPI 3.1: every $ref resolves and every path parameter is declared', () => {
    expect(structuralProblems(document)).toEqual([]);
  });

  it('describes a signed-in call with its path parameter, roles, security and the one error body', () => {
    const operation = document.paths['/api/web/tasks/{id}'].get;
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer' }) }));
    expect(operation.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
    expect(operation['x-roles'].length).toBeGreaterThan(0);
    for (const status of ['401', '403', '429']) expect(operation.responses[status]).toEqual({ $ref: `#/components/responses/Error${status}` });
    for (const status of ['400', '404', '409', '422']) {
      expect(operation.responses[status]).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/GetTasksIdError' } } } });
    }
    const codes = JSON.stringify(document.components.schemas.GetTasksIdError);
    for (const code of ['request.invalid', 'auth.unauthorized', 'auth.forbidden', 'request.internal']) expect(codes).toContain(`"${code}"`);
    expect(codes, 'a read without features is never refused for a feature').not.toContain('"tenant.featureDisabled"');
  });

  it('lists every code of the catalogue, describes field problems by code and params, and narrows the codes a status can only carry', () => {
    const schemas = document.components.schemas as Record<string, { enum?: string[]; required?: string[]; 'x-enum-descriptions'?: string[] }>;
    const codes = catalogueEntries().map(([code]) => code);
    expect(schemas.ErrorCode?.enum).toEqual(codes);
    expect(schemas.ErrorCode?.['x-enum-descriptions']).toHaveLength(codes.length);
    expect(schemas.Problem?.required).toEqual(['code', 'params', 'message']);
    expect(JSON.stringify(schemas.ApiError)).toContain('#/components/schemas/Problem');
    expect(JSON.stringify(document.components.responses.Error401)).toContain('"enum":["auth.unauthorized","auth.invalidCredentials"]');
    expect(JSON.stringify(document.components.responses.Error429)).toContain('"enum":["request.rateLimited"]');
  });

  it('takes query parameters from the query schema and a JSON body from the body schema, as the client sends them', () => {
    const list = document.paths['/api/web/tasks'].get;
    expect(list.parameters.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['appointmentFrom', 'includeUnscheduled']));
    const body = document.paths['/api/web/users/password-change'].put.requestBody?.content['application/json'].schema;
    expect(body).toMatchObject({ type: 'object', properties: expect.any(Object) });
  });

  it('shows each upload as multipart/form-data with its parts, and no other write goes without a body', () => {
    for (const operation of uploadCalls) {
      const [method, path] = operation.split(' ');
      const content = document.paths[path][method.toLowerCase()].requestBody?.content;
      expect(Object.keys(content ?? {}), operation).toEqual(['multipart/form-data']);
    }
    const createTask = document.paths['/api/web/tasks'].post.requestBody?.content['multipart/form-data'];
    expect(createTask?.schema).toMatchObject({ required: ['task'], properties: { task: { type: 'object' }, file: { type: 'array' } } });
    expect(createTask?.encoding).toEqual({ task: { contentType: 'application/json' } });
    const bodyless = operations
      .filter((operation) => isDocumented(operation) && operation.method !== 'GET' && operation.method !== 'DELETE')
      .filter((operation) => !(operation.contract.variants ?? [operation.contract]).some((variant) => variant.body || variant.upload))
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(bodyless.sort()).toEqual([...bodylessWrites].sort());
  });

  it('describes both variants of a call a query flag switches, the body as oneOf', () => {
    const operation = document.paths['/api/web/users/{id}'].put;
    const schema = operation.requestBody?.content['application/json'].schema as { oneOf?: unknown[] };
    expect(schema.oneOf).toHaveLength(2);
    expect(operation['x-variants']).toEqual([
      expect.objectContaining({ query: [], features: ['working hours'] }),
      expect.objectContaining({ query: ['admin'], features: [] }),
    ]);
    expect(operation['x-features']).toEqual([]);
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'admin', in: 'query', required: false }));
  });
});

describe('building the document from schemas JSON Schema cannot fully express', () => {
  type Tree = { children: Tree[] };
  const Tree: ZodType<Tree> = z.lazy(() => z.object({ children: z.array(Tree) }));
  const awkward = route(
    {
      params: z.object({ id: z.string().transform(Number) }),
      query: z.object({ from: z.string() }).refine(() => true).or(z.object({ to: z.string() })),
      body: z.object({ when: z.date(), custom: z.custom<string>(() => true), tree: Tree, piped: z.string().pipe(z.coerce.number()) }),
    },
    () => ({}),
  );
  const recursiveBody = route({ body: Tree }, () => ({}));
  const broken = route({ body: {} as unknown as ZodType }, () => ({}));
  const operations: ApiOperation[] = [
    { path: '/api/web/awkward/{id}', method: 'POST', handler: awkward, contract: awkward.contract },
    { path: '/api/web/tree', method: 'PUT', handler: recursiveBody, contract: recursiveBody.contract },
    { path: '/api/web/broken', method: 'PATCH', handler: broken, contract: broken.contract },
  ];

  it('still produces a valid document: transforms, dates and custom checks become open schemas, recursion a component', () => {
    const document = buildOpenApiDocument(operations);
    expect(structuralProblems(document)).toEqual([]);
    const body = document.paths['/api/web/awkward/{id}'].post.requestBody?.content['application/json'].schema;
    expect(body).toMatchObject({ type: 'object', properties: { when: {}, custom: {}, piped: { type: 'string' } } });
    expect(document.paths['/api/web/tree'].put.requestBody?.content['application/json'].schema).toEqual({
      $ref: expect.stringMatching(/^#\/components\/schemas\//),
    });
    expect(document.paths['/api/web/broken'].patch.requestBody?.content['application/json'].schema).toEqual({
      description: expect.any(String),
    });
  });
});
