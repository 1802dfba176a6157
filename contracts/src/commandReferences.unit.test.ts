import { describe, expect, it } from '@jest/globals';
import { commandReferences, idsAt, referenceFields } from './commandReferences.js';
import { commandSchemas, type CommandName } from './registry.js';

interface ZodDef {
  type: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  getter?: () => unknown;
  valueType?: unknown;
}
const defOf = (schema: unknown) => (schema as { _zod?: { def?: ZodDef } })._zod?.def;

/** Every leaf path of a payload schema, in the declarations' syntax (`a.b`, `list[]`, `x[].y`). */
export function payloadPaths(schema: unknown, path = '', out = new Set<string>()): Set<string> {
  const def = defOf(schema);
  if (!def) return out;
  const into = (inner: unknown, at = path) => void payloadPaths(inner, at, out);
  switch (def.type) {
    case 'object':
      for (const [key, inner] of Object.entries(def.shape ?? {}))
        into(inner, path ? `${path}.${key}` : key);
      break;
    case 'array':
      into(def.element, `${path}[]`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      into(def.innerType);
      break;
    case 'pipe':
      into(def.in);
      break;
    case 'union':
      for (const option of def.options ?? []) into(option);
      break;
    case 'intersection':
      into(def.left);
      into(def.right);
      break;
    case 'lazy':
      into(def.getter?.());
      break;
    case 'record':
      into(def.valueType, `${path}{}`);
      break;
    default:
      out.add(path);
  }
  return out;
}

/** A field whose name says it holds ids: it ends in `Id` or `Ids` (an array's elements too). */
const idLooking = (path: string) => /(Id|Ids)(\[\])?$/.test(path.split('.').pop()!);

const names = Object.keys(commandSchemas) as CommandName[];

describe('command references (docs/decisions/0039)', () => {
  it('every id-looking payload field of every command is declared: a reference or why not', () => {
    const undeclared = names.flatMap((name) =>
      [...payloadPaths(commandSchemas[name])]
        .filter((p) => idLooking(p) && !Object.hasOwn(commandReferences[name], p))
        .map((p) => `${name}.${p}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('every declared path is a field of its command (a typo or a renamed field fails)', () => {
    const unknown = names.flatMap((name) => {
      const paths = payloadPaths(commandSchemas[name]);
      return Object.keys(commandReferences[name])
        .filter((p) => !paths.has(p))
        .map((p) => `${name}.${p}`);
    });
    expect(unknown).toEqual([]);
  });

  it('the cases of the issue are declared references', () => {
    const entity = (name: CommandName, path: string) =>
      referenceFields(name).find((f) => f.path === path)?.entity;
    expect(entity('CREATE_BILLING_ORDER', 'customerId')).toBe('customers');
    expect(entity('CREATE_BILLING_ORDER', 'departmentId')).toBe('departments');
    expect(entity('START_INVOICING_RUN', 'departmentId')).toBe('departments');
    expect(entity('UPDATE_UNIT', 'courierUserIds[]')).toBe('couriers');
    expect(entity('UPDATE_ROUTE', 'stops[].consignmentId')).toBe('orders');
  });

  it('idsAt reads plain, array and nested paths, skipping null and absent values', () => {
    const payload = {
      a: '1',
      n: 7,
      list: ['2', '3', '2', null],
      stops: [{ id: '4' }, { id: null }, {}, 'x', { id: '5' }],
      none: null,
    };
    expect(idsAt(payload, 'a')).toEqual(['1']);
    expect(idsAt(payload, 'n')).toEqual(['7']);
    expect(idsAt(payload, 'list[]')).toEqual(['2', '3']);
    expect(idsAt(payload, 'stops[].id')).toEqual(['4', '5']);
    expect(idsAt(payload, 'none')).toEqual([]);
    expect(idsAt(payload, 'missing[].id')).toEqual([]);
    expect(idsAt(null, 'a')).toEqual([]);
  });
});
