import { describe, expect, it } from '@jest/globals';
import { commandReferences, idsAt, referenceFields } from './commandReferences.js';
import { commandSchemas, type CommandName } from './registry.js';
import { walkSchema } from './schemaWalk.js';

/** Every leaf path of a payload schema, in the declarations' syntax (`a.b`, `list[]`, `x[].y`). */
export function payloadPaths(schema: unknown): Set<string> {
  const out = new Set<string>();
  walkSchema(schema, (node) => {
    // Leaves only, and not a transform's output (it names no field of the payload).
    if (node.type !== 'object' && node.type !== 'transform') out.add(node.path);
  });
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
