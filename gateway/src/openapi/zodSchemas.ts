import { z } from 'zod';
import type { JsonSchema } from './example.js';

/** zod schemas as the OpenAPI document's JSON Schemas (document.ts). */

export const SCHEMAS = '#/components/schemas/';

export type Zod = z.ZodType;

/**
 * JSON Schemas (2020-12, the request side of each schema: `io: 'input'`) of the given zod
 * schemas, converted together so a schema used by two operations is one component.
 */
export function convert(entries: [string, Zod][]): {
  schemas: Record<string, JsonSchema>;
  nameOf: Map<Zod, string>;
} {
  const registry = z.registry<{ id: string }>();
  const nameOf = new Map<Zod, string>();
  for (const [name, schema] of entries) {
    if (nameOf.has(schema)) continue;
    nameOf.set(schema, name);
    registry.add(schema, { id: name });
  }
  const { schemas: converted } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'input',
    // A zod type JSON Schema cannot say (a function, a date object) fails the build here.
    unrepresentable: 'throw',
    uri: (id) => `${SCHEMAS}${id}`,
    override,
  }) as { schemas: Record<string, JsonSchema> };
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(converted)) {
    // Shared sub-schemas (cycles, reuse) come as `__shared`'s $defs: one component each.
    if (name === '__shared') {
      for (const [id, def] of Object.entries((schema.$defs ?? {}) as Record<string, JsonSchema>))
        schemas[`shared.${id}`] = def;
      continue;
    }
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    schemas[name] = rest;
  }
  rewriteSharedRefs(schemas);
  return { schemas, nameOf };
}

/** Adjustments of zod's JSON Schema so it says what the routes accept. */
function override(ctx: { zodSchema: { _zod: { def: unknown } }; jsonSchema: JsonSchema }): void {
  dropGeneratedDefaults(ctx);
  acceptCoercedNumbers(ctx);
}

/**
 * `z.coerce.string()` (contracts' `entityId`) reads a number as its decimal text: zod writes only
 * the string, so the number is added (the text must still meet the string's rules).
 */
function acceptCoercedNumbers(ctx: {
  zodSchema: { _zod: { def: unknown } };
  jsonSchema: JsonSchema;
}): void {
  const def = ctx.zodSchema._zod.def as { type?: string; coerce?: boolean };
  if (def.type !== 'string' || !def.coerce || ctx.jsonSchema.type !== 'string') return;
  const text = { ...ctx.jsonSchema };
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  ctx.jsonSchema.anyOf = [
    text,
    { type: 'number', description: 'Read as its decimal text, which must meet the same rules.' },
  ];
}

/**
 * A default made anew at each parse (`.default(() => crypto.randomUUID())`) is no one value: the
 * document says the server makes one, and stays the same from build to build.
 */
function dropGeneratedDefaults(ctx: {
  zodSchema: { _zod: { def: unknown } };
  jsonSchema: JsonSchema;
}): void {
  const def = ctx.zodSchema._zod.def as { type?: string; defaultValue?: unknown };
  if (def.type !== 'default' && def.type !== 'prefault') return;
  if (JSON.stringify(def.defaultValue) === JSON.stringify(def.defaultValue)) return;
  delete ctx.jsonSchema.default;
  ctx.jsonSchema.description ??= 'Made by the server when absent.';
}

function rewriteSharedRefs(value: unknown): void {
  if (!value || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  if (typeof node.$ref === 'string') {
    const shared = /^#\/components\/schemas\/__shared#\/\$defs\/(.+)$/.exec(node.$ref);
    if (shared) node.$ref = `${SCHEMAS}shared.${decodeURIComponent(shared[1]!)}`;
  }
  for (const child of Object.values(node)) rewriteSharedRefs(child);
}

/** A plain JSON Schema of one zod schema (the envelopes), without `$schema`. */
export function plain(schema: Zod): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
  }) as JsonSchema;
  return rest;
}
