import fc from 'fast-check';

/** The subset of JSON Schema that z.toJSONSchema writes for the contract's schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

const dayMs = 86_400_000;
/** Dates near now, where the product's rules (working hours, recurrences, reports) have something to do. */
const dates = fc.date({ min: new Date(Date.now() - 400 * dayMs), max: new Date(Date.now() + 400 * dayMs), noInvalidDate: true });

/** Strings a careless server chokes on: NUL, lone surrogates, right-to-left, emoji, injection-looking text, long ones. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\u202eevil',
    '👩‍👩‍👧‍👦🏳️‍🌈',
    'ﷺ مرحبا שלום',
    "1' OR '1'='1",
    "'; drop table tasks; --",
    '${7*7}{{7*7}}',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00%ff',
    ' ',
    '',
    'null',
    'NaN',
    '-0',
    '1e309',
  ),
  fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'é'.repeat(length)),
);

/** Numbers past what a column or a JavaScript integer holds, and the odd ones. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, -2_147_483_649, 2_147_483_648, 9_007_199_254_740_993, 1e308, -1e308, 1.5, Number.MIN_VALUE, 4_294_967_296),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A value of any JSON type, a few levels deep. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}),
);

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace(/^#\/\$defs\//, '');
  return root.$defs?.[name] ?? {};
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return dates.map((date) => date.toISOString());
  if (schema.format === 'date') return dates.map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 30, minLength + 30);
  return fc.string({ unit: 'grapheme-ascii', minLength, maxLength });
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-9) : schema.minimum;
  const high = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-9) : schema.maximum;
  if (integer) {
    // Small values reach real rows (ids, statuses); the whole range still comes up.
    const min = Math.max(low ?? -1_000, Number.MIN_SAFE_INTEGER);
    const max = Math.min(high ?? 1_000_000, Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 60) }), fc.integer({ min, max }));
  }
  return fc.double({ min: low ?? -1e6, max: high ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (as far as its JSON Schema says: refinements in code may still refuse some). */
export function valid(schema: JsonSchema, root: JsonSchema = schema, depth = 0): fc.Arbitrary<unknown> {
  const node = resolve(schema, root);
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valid(alternative, root, depth)));
  if (node.allOf?.length) return valid(node.allOf[0], root, depth);
  if (Array.isArray(node.type)) return fc.oneof(...node.type.map((type) => valid({ ...node, type }, root, depth)));
  switch (node.type) {
    case 'string':
      return stringOf(node);
    case 'integer':
      return numberOf(node, true);
    case 'number':
      return numberOf(node, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (node.prefixItems) return fc.tuple(...node.prefixItems.map((item) => valid(item, root, depth + 1)));
      const minLength = node.minItems ?? 0;
      const maxLength = Math.min(node.maxItems ?? minLength + 4, minLength + 4);
      return fc.array(depth > 4 ? fc.constant(null) : valid(node.items ?? {}, root, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = node.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valid(value, root, depth + 1)]));
      return fc.record(model, { requiredKeys: (node.required ?? []).filter((key) => key in properties) });
    }
    default:
      return depth > 3 ? fc.constant(null) : anyJson;
  }
}

/** A value of the schema's type broken one way: a field gone, a field of the wrong type, fields it never declared. */
export function broken(schema: JsonSchema): fc.Arbitrary<unknown> {
  const node = resolve(schema, schema);
  const base = valid(node);
  if (node.type !== 'object' || !node.properties) return fc.oneof(anyJson, base.map((value) => [value]));
  const keys = Object.keys(node.properties);
  const forged = fc.dictionary(
    fc.constantFrom('tenantId', 'id', 'updated', 'roles', 'owner', '__proto__', 'constructor', 'deleted', 'createdById'),
    anyJson,
    { maxKeys: 3 },
  );
  return fc.oneof(
    fc.tuple(base, fc.constantFrom(...keys)).map(([value, key]) => omit(value, key)),
    fc.tuple(base, fc.constantFrom(...keys), anyJson).map(([value, key, wrong]) => ({ ...asObject(value), [key]: wrong })),
    fc.tuple(base, fc.constantFrom(...keys), nastyString).map(([value, key, text]) => ({ ...asObject(value), [key]: text })),
    fc.tuple(base, fc.constantFrom(...keys), nastyNumber).map(([value, key, number]) => ({ ...asObject(value), [key]: number })),
    fc.tuple(base, forged).map(([value, extra]) => ({ ...asObject(value), ...extra })),
    fc.tuple(base, fc.constantFrom(...keys)).map(([value, key]) => ({ ...asObject(value), [key]: deeplyNested(200) })),
  );
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function omit(value: unknown, key: string): Record<string, unknown> {
  const copy = { ...asObject(value) };
  delete copy[key];
  return copy;
}

export function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { next: value };
  return value;
}
