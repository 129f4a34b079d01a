import 'server-only';
import { CsvImportErrorCode } from '@/lib/contract/csv-import';
import { catalogueEntries } from '@/lib/contract/error-catalogue';
import { ErrorCode, type ErrorCodeName } from '@/lib/contract/errors';
import { featureCatalogue } from '@/lib/contract/features';
import { TaskFileErrorCode } from '@/lib/contract/task-files';
import type { ApiOperation } from '@/lib/server/http/openapi/types';
import type { RouteContract, UploadContract } from '@/lib/server/http/route';
import { callCodes, type CallCodes } from './refusal-codes';
import { objectShape, SchemaRegistry, type JsonSchema } from './schema';

/** The statuses whose body is the one error shape (ApiErrorBody) on every call. */
export const errorStatuses = ['400', '401', '403', '404', '409', '422', '429'] as const;
const uploadErrorStatuses = ['413', '415'] as const;

const errorText: Record<string, string> = {
  '400': 'The request is not valid: each refused value in `fields`, by path, with its code, params and English text.',
  '401': 'Not signed in, or the API key is not valid.',
  '403': 'The caller lacks a role or feature this call needs, or the request is cross-origin.',
  '404': 'No such item in the caller\u2019s company.',
  '409': 'A conflict: a duplicate, or the item changed meanwhile.',
  '413': 'The upload is too large.',
  '415': 'The upload is of a type this call does not take.',
  '422': 'A business rule refuses the change.',
  '429': 'Too many requests; try again later.',
};

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  operationId: string;
  description: string;
  tags: string[];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema; encoding?: Record<string, { contentType: string }> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> } | { $ref: string }>;
  security: Record<string, string[]>[];
  'x-roles': string[];
  'x-features': string[];
  'x-idempotent'?: boolean;
  /** Every code the call can refuse with (the catalogue's, lib/contract/error-catalogue.ts). */
  'x-error-codes': string[];
  'x-variants'?: { roles: string[]; features: string[]; query: string[] }[];
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, { description: string; content: Record<string, { schema: JsonSchema }> }>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

/** The catch-all that answers 404 for any path no route serves: it names no call, so the document leaves it out. */
export function isDocumented(operation: Pick<ApiOperation, 'contract'>): boolean {
  return operation.contract.access !== 'unknown';
}

const errorCodeSchema: JsonSchema = {
  type: 'string',
  description:
    'A refusal\u2019s stable code (lib/contract/error-catalogue.ts): `namespace.name`. Clients tell refusals apart ' +
    'and translate them by code and params, never by the English message.',
  enum: catalogueEntries().map(([code]) => code),
  'x-enum-descriptions': catalogueEntries().map(([, entry]) => entry.about),
};

const problemParamsSchema: JsonSchema = {
  type: 'object',
  description: 'What the code\u2019s text is filled with (a limit, a name); the catalogue names them per code.',
  additionalProperties: { type: ['string', 'number'] },
};

const problemSchema: JsonSchema = {
  type: 'object',
  required: ['code', 'params', 'message'],
  properties: {
    code: { $ref: '#/components/schemas/ErrorCode' },
    params: problemParamsSchema,
    message: { type: 'string', description: 'English text (the spec\u2019s wording; it may change, the code does not).' },
  },
};

const apiErrorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'requestId'],
      properties: {
        code: { $ref: '#/components/schemas/ErrorCode' },
        message: { type: 'string', description: 'English text.' },
        params: problemParamsSchema,
        fields: {
          type: 'object',
          description: 'The refused values by dotted path (`appointment.date`, `points.2.lat`; `_` for the body as a whole).',
          additionalProperties: { type: 'array', items: { $ref: '#/components/schemas/Problem' } },
        },
        details: { type: 'object', additionalProperties: true },
        requestId: { type: 'string' },
      },
    },
  },
};

/** The codes a status can only ever carry, whatever the call: its error body is narrowed to them. */
const codesOfStatus: Partial<Record<string, readonly ErrorCodeName[]>> = {
  '401': [ErrorCode.unauthorized, ErrorCode.invalidCredentials],
  '403': [ErrorCode.forbidden, ErrorCode.passwordChangeRequired, ErrorCode.featureDisabled, ErrorCode.crossOrigin],
  '413': [ErrorCode.payloadTooLarge, TaskFileErrorCode.tooLarge, CsvImportErrorCode.tooLarge],
  '415': [TaskFileErrorCode.unsupportedType, CsvImportErrorCode.notCsv],
  '429': [ErrorCode.rateLimited],
};

function errorResponseSchema(status: string): JsonSchema {
  const codes = codesOfStatus[status];
  if (!codes) return { $ref: '#/components/schemas/ApiError' };
  return {
    allOf: [
      { $ref: '#/components/schemas/ApiError' },
      { type: 'object', properties: { error: { type: 'object', properties: { code: { type: 'string', enum: [...codes] } } } } },
    ],
  };
}

/** Builds the OpenAPI 3.1 document from the contracts the handlers carry: the schemas the calls enforce. */
export function buildOpenApiDocument(operations: readonly ApiOperation[]): OpenApiDocument {
  const registry = new SchemaRegistry();
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations.filter(isDocumented)) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = describeOperation(operation, registry);
  }
  const tags = [...new Set(Object.values(paths).flatMap((methods) => Object.values(methods).flatMap((op) => op.tags)))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'FieldOps web API',
      version: '1',
      description: 'Every call under /api/web. Errors answer one JSON shape, ApiError.',
    },
    servers: [{ url: '/' }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: apiErrorSchema, ErrorCode: errorCodeSchema, Problem: problemSchema, ...registry.components },
      responses: Object.fromEntries(
        [...errorStatuses, ...uploadErrorStatuses].map((status) => [
          `Error${status}`,
          { description: errorText[status], content: { 'application/json': { schema: errorResponseSchema(status) } } },
        ]),
      ),
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'fieldops.session_token', description: 'The session a sign-in sets.' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from the settings, as `Authorization: Bearer <key>`.' },
      },
    },
  };
}

export function operationIdOf(method: string, path: string): string {
  const words = path.replace(/^\/api\/web\/?/, '').split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0].toUpperCase() + word.slice(1))].join('');
}

function describeOperation(operation: ApiOperation, registry: SchemaRegistry): OpenApiOperation {
  const { path, method, contract } = operation;
  const operationId = operationIdOf(method, path);
  const variants = contract.variants ?? [contract];
  const roles = unique(variants.flatMap((variant) => variant.roles ?? []));
  // Only what every variant needs is a condition of the call; the description names each variant's own.
  const features = unique(variants.flatMap((variant) => variant.features ?? []))
    .filter((feature) => variants.every((variant) => variant.features?.includes(feature)))
    .map(featureName);
  const isPublic = contract.access === 'public';
  const bodies = variants.flatMap((variant, index) => bodyOf(variant, registry, variants.length > 1 ? `${operationId}_${index + 1}` : operationId));
  const statuses: string[] = [...errorStatuses, ...(variants.some((variant) => variant.upload) ? uploadErrorStatuses : [])];
  const described: OpenApiOperation = {
    operationId,
    description: describeAccess(isPublic, roles, features, variants, registry, operationId),
    tags: [path.split('/')[3] ?? 'web'],
    parameters: [...pathParameters(path, variants, registry, operationId), ...queryParameters(variants, registry, operationId)],
    responses: {
      '200': { description: 'Success.', content: { 'application/json': { schema: { type: 'object' } } } },
      ...Object.fromEntries(statuses.map((status) => [status, errorResponseOf(status, operationId, callCodes(contract), registry)])),
    },
    security: isPublic ? [] : [{ sessionCookie: [] }, { apiKey: [] }],
    'x-roles': roles,
    'x-features': features,
    'x-error-codes': callCodes(contract).codes,
  };
  if (variants.some((variant) => variant.idempotent)) {
    described['x-idempotent'] = true;
    described.parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'A replay with the same key answers the first answer instead of writing again.',
      schema: { type: 'string' },
    });
  }
  if (bodies.length > 0) described.requestBody = mergeBodies(bodies);
  if (contract.variants) {
    described['x-variants'] = contract.variants.map((variant) => ({
      roles: [...(variant.roles ?? [])],
      features: (variant.features ?? []).map(featureName),
      query: queryNames(variant, registry, operationId),
    }));
  }
  return described;
}

/**
 * A status whose codes depend on the call (400, 404, 409, 422) answers the call's own error schema, its codes listed;
 * the others answer the shared response of their status.
 */
function errorResponseOf(status: string, operationId: string, { codes }: CallCodes, registry: SchemaRegistry) {
  if (codesOfStatus[status]) return { $ref: `#/components/responses/Error${status}` };
  const name = `${operationId[0]?.toUpperCase()}${operationId.slice(1)}Error`;
  registry.components[name] ??= {
    allOf: [
      { $ref: '#/components/schemas/ApiError' },
      { type: 'object', properties: { error: { type: 'object', properties: { code: { type: 'string', enum: codes } } } } },
    ],
  };
  return { description: errorText[status], content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } };
}

function describeAccess(
  isPublic: boolean,
  roles: string[],
  features: string[],
  variants: readonly RouteContract[],
  registry: SchemaRegistry,
  operationId: string,
): string {
  const lines = [isPublic ? 'Public: no sign-in.' : 'Signed in (session cookie or API key).'];
  if (!isPublic) lines.push(roles.length > 0 ? `Roles (any of): ${roles.join(', ')}.` : 'Any role.');
  if (features.length > 0) lines.push(`Features that must be on: ${features.join(', ')}.`);
  if (variants.length > 1) {
    lines.push(`${variants.length} variants, chosen by the query; the request body is one of theirs (oneOf):`);
    variants.forEach((variant, index) => {
      const query = queryNames(variant, registry, operationId);
      const parts = [
        query.length > 0 ? `query ${query.join(', ')}` : 'without those query parameters',
        `roles ${(variant.roles ?? []).join(', ') || 'any'}`,
        ...(variant.features?.length ? [`features ${variant.features.map(featureName).join(', ')}`] : []),
      ];
      lines.push(`(${index + 1}) ${parts.join('; ')}.`);
    });
  }
  return lines.join(' ');
}

function featureName(id: number): string {
  return featureCatalogue.find((feature) => feature.id === id)?.name ?? `feature ${id}`;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

function pathParameters(path: string, variants: readonly RouteContract[], registry: SchemaRegistry, operationId: string): OpenApiParameter[] {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const declared = variants.find((variant) => variant.params)?.params;
  const shape = declared ? objectShape(registry.convert(declared, `${operationId}_params`)) : null;
  return names.map((name) => ({ name, in: 'path', required: true, schema: shape?.properties[name] ?? { type: 'string' } }));
}

function queryParameters(variants: readonly RouteContract[], registry: SchemaRegistry, operationId: string): OpenApiParameter[] {
  const byName = new Map<string, OpenApiParameter>();
  for (const variant of variants) {
    if (!variant.query) continue;
    const converted = registry.convert(variant.query, `${operationId}_query`);
    const shape = objectShape(converted);
    if (!shape) {
      // A query the format cannot split into named parameters: one free-form object, so nothing is hidden.
      byName.set('query', { name: 'query', in: 'query', required: false, schema: converted });
      continue;
    }
    for (const [name, schema] of Object.entries(shape.properties)) {
      // A parameter only some variants take is optional for the call as a whole.
      const required = variants.length === 1 && shape.required.includes(name);
      if (!byName.has(name)) byName.set(name, { name, in: 'query', required, schema });
    }
  }
  return [...byName.values()];
}

function queryNames(variant: RouteContract, registry: SchemaRegistry, operationId: string): string[] {
  if (!variant.query) return [];
  const shape = objectShape(registry.convert(variant.query, `${operationId}_query`));
  return shape ? Object.keys(shape.properties) : ['query'];
}

interface Body {
  mediaType: 'application/json' | 'multipart/form-data';
  schema: JsonSchema;
  encoding?: Record<string, { contentType: string }>;
}

function bodyOf(variant: RouteContract, registry: SchemaRegistry, name: string): Body[] {
  if (variant.body) return [{ mediaType: 'application/json', schema: registry.convert(variant.body, `${name}_body`) }];
  if (variant.upload) return [multipartBody(variant.upload, registry, name)];
  return [];
}

function multipartBody(upload: UploadContract, registry: SchemaRegistry, name: string): Body {
  const properties: Record<string, JsonSchema> = {};
  const encoding: Record<string, { contentType: string }> = {};
  for (const part of upload.parts) {
    let schema: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream' };
    if (part.kind === 'text') schema = { type: 'string' };
    if (part.kind === 'json') {
      schema = part.schema ? registry.convert(part.schema, `${name}_${part.name}`) : { type: 'object' };
      encoding[part.name] = { contentType: 'application/json' };
    }
    const described = { ...schema, description: part.description };
    properties[part.name] = part.repeated ? { type: 'array', items: schema, description: part.description } : described;
  }
  const required = upload.parts.filter((part) => part.required).map((part) => part.name);
  return {
    mediaType: 'multipart/form-data',
    schema: { type: 'object', properties, required },
    ...(Object.keys(encoding).length > 0 ? { encoding } : {}),
  };
}

function mergeBodies(bodies: readonly Body[]): NonNullable<OpenApiOperation['requestBody']> {
  const content: NonNullable<OpenApiOperation['requestBody']>['content'] = {};
  for (const mediaType of unique(bodies.map((body) => body.mediaType))) {
    const ofType = bodies.filter((body) => body.mediaType === mediaType);
    const encoding = ofType.find((body) => body.encoding)?.encoding;
    content[mediaType] = {
      schema: ofType.length === 1 ? ofType[0].schema : { oneOf: ofType.map((body) => body.schema) },
      ...(encoding ? { encoding } : {}),
    };
  }
  return { required: true, content };
}

let cached: Promise<OpenApiDocument> | undefined;

/**
 * Built on the first request from the operations the app side lists (lib does not import app/), and kept: the
 * contracts do not change while the process runs.
 */
export function openApiDocument(operations: () => Promise<ApiOperation[]>): Promise<OpenApiDocument> {
  cached ??= operations()
    .then(buildOpenApiDocument)
    .catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
  return cached;
}
