import 'server-only';
import { z, type ZodType } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** Shown where a schema cannot be expressed in JSON Schema: the call still validates it on the server. */
export const unrepresentableNote = 'This schema cannot be shown as JSON Schema; the server validates it.';

/**
 * Collects the named schemas that conversions produce ($defs of recursive or reused parts) under
 * components.schemas, so each `$ref` resolves from the document's root as OpenAPI 3.1 reads it.
 */
export class SchemaRegistry {
  readonly components: Record<string, JsonSchema> = {};

  /**
   * The request side (`io: 'input'`) of a zod schema: what a client sends, before defaults and transforms.
   * Transforms, custom checks and dates the format cannot express become `{}` (any value); refinements are left
   * out. A schema the converter still refuses gets a described `{}` rather than breaking the whole document.
   */
  convert(schema: ZodType, name: string): JsonSchema {
    let converted: JsonSchema;
    try {
      converted = z.toJSONSchema(schema, {
        target: 'draft-2020-12',
        io: 'input',
        unrepresentable: 'any',
        cycles: 'ref',
        reused: 'inline',
      }) as JsonSchema;
    } catch {
      return { description: unrepresentableNote };
    }
    return this.hoist(converted, name);
  }

  private hoist(converted: JsonSchema, name: string): JsonSchema {
    const { $schema: _dialect, $defs, ...root } = converted;
    const defs = ($defs ?? {}) as Record<string, JsonSchema>;
    const renamed = new Map<string, string>(Object.keys(defs).map((key) => [`#/$defs/${key}`, this.freeName(`${name}_${key}`)]));
    // A schema that refers to itself as a whole (`$ref: '#'`) becomes a component of its own.
    const selfName = containsRef(root, '#') ? this.freeName(name) : null;
    if (selfName) renamed.set('#', selfName);
    const rewrite = (value: unknown): unknown => rewriteRefs(value, renamed);
    for (const [key, def] of Object.entries(defs)) {
      this.components[renamed.get(`#/$defs/${key}`) as string] = rewrite(def) as JsonSchema;
    }
    if (!selfName) return rewrite(root) as JsonSchema;
    this.components[selfName] = rewrite(root) as JsonSchema;
    return { $ref: `#/components/schemas/${selfName}` };
  }

  private freeName(wanted: string): string {
    const base = wanted.replace(/[^A-Za-z0-9._-]/g, '_');
    let candidate = base;
    for (let index = 2; candidate in this.components; index += 1) candidate = `${base}_${index}`;
    // Reserve it now: a recursive definition is written after its name is handed out.
    this.components[candidate] = {};
    return candidate;
  }
}

function containsRef(value: unknown, target: string): boolean {
  if (Array.isArray(value)) return value.some((item) => containsRef(item, target));
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => (key === '$ref' ? inner === target : containsRef(inner, target)));
}

function rewriteRefs(value: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, renamed));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === '$ref' && typeof inner === 'string' && renamed.has(inner)) {
        return [key, `#/components/schemas/${renamed.get(inner)}`];
      }
      return [key, rewriteRefs(inner, renamed)];
    }),
  );
}

/** The properties and required names of an object schema; null for anything else (a union, an `{}`). */
export function objectShape(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } | null {
  if (schema.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null) return null;
  return {
    properties: schema.properties as Record<string, JsonSchema>,
    required: Array.isArray(schema.required) ? (schema.required as string[]) : [],
  };
}
