/** A zod schema's definition, as far as the walk reads it. */
interface ZodDef {
  type: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  items?: unknown[];
  left?: unknown;
  right?: unknown;
  getter?: () => unknown;
  valueType?: unknown;
}

/** A node of a schema that is not a wrapper: an object (before its fields are walked) or a leaf. */
export interface SchemaNode {
  schema: unknown;
  type: string;
  /** An object's fields. */
  shape?: Record<string, unknown>;
  /** Its place in the payload: `a.b`, `list[]`, `map{}` (the command declarations' syntax). */
  path: string;
}

const defOf = (schema: unknown) => (schema as { _zod?: { def?: ZodDef } })._zod?.def;

/**
 * Walks a zod schema through its wrappers (optional, default, pipe, union, lazy…) and containers
 * (objects, arrays, records, tuples), calling `visit` at every object and leaf. A recursive (lazy)
 * schema is walked once. The registry-walking tests read the commands' payloads with it.
 */
export function walkSchema(
  schema: unknown,
  visit: (node: SchemaNode) => void,
  path = '',
  lazies = new Set<unknown>(),
): void {
  const def = defOf(schema);
  if (!def) return;
  const walk = (inner: unknown, at = path) => walkSchema(inner, visit, at, lazies);
  switch (def.type) {
    case 'object':
      visit({ schema, type: def.type, shape: def.shape ?? {}, path });
      for (const [key, inner] of Object.entries(def.shape ?? {}))
        walk(inner, path ? `${path}.${key}` : key);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'record':
      walk(def.valueType, `${path}{}`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      walk(def.innerType);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'union':
      for (const option of def.options ?? []) walk(option);
      break;
    case 'tuple':
      for (const item of def.items ?? []) walk(item);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'lazy':
      if (lazies.has(schema)) break;
      lazies.add(schema);
      walk(def.getter?.());
      break;
    default:
      visit({ schema, type: def.type, path });
  }
}
