import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { applyDiff, diffJson, jsonEqual, pathText } from './diff.js';

/** JSON values, with keys that are easy to get wrong (`__proto__`, digits) among the rest. */
const json = fc.jsonValue({ maxDepth: 4 });
const key = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('__proto__', '0', 'length'));
const tree: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    json,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('diffJson: the field-level difference of two JSON values (0029 audit replay)', () => {
  it('names each changed leaf with its path, value before and value after', () => {
    const before = {
      state: 'CREATED',
      order: { delivery: { phone: '+4791111111', name: 'Kari' } },
    };
    const after = {
      state: 'ASSIGNED',
      order: { delivery: { phone: '+4792222222', name: 'Kari' } },
    };
    expect(diffJson(before, after)).toEqual([
      { path: ['state'], before: 'CREATED', after: 'ASSIGNED' },
      { path: ['order', 'delivery', 'phone'], before: '+4791111111', after: '+4792222222' },
    ]);
    expect(pathText(['order', 'measurements', 0, 'weight'])).toBe('order.measurements.0.weight');
  });

  it('reports added and removed fields without the side they lack, and array tails index by index', () => {
    expect(diffJson({ a: 1, b: [1, 2, 3] }, { b: [1, 5], c: null })).toEqual([
      { path: ['a'], before: 1 },
      { path: ['b', 1], before: 2, after: 5 },
      { path: ['b', 2], before: 3 },
      { path: ['c'], after: null },
    ]);
    expect(diffJson([1], [1, { x: 2 }])).toEqual([{ path: [1], after: { x: 2 } }]);
  });

  it('a value whose kind changes is one change; equal values, whatever their key order, none', () => {
    expect(diffJson({ a: [1] }, { a: { 0: 1 } })).toEqual([
      { path: ['a'], before: [1], after: { 0: 1 } },
    ]);
    expect(diffJson(null, 3)).toEqual([{ path: [], before: null, after: 3 }]);
    expect(diffJson({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toEqual([]);
  });

  it('property: applying diff(a, b) to a gives b, and leaves a as it was', () => {
    fc.assert(
      fc.property(tree, tree, (a, b) => {
        const snapshot = JSON.stringify(a);
        const changes = diffJson(a, b);
        expect(jsonEqual(applyDiff(a, changes), b)).toBe(true);
        expect(JSON.stringify(a)).toBe(snapshot);
      }),
      { numRuns: 500 },
    );
  });

  it('property: a value differs from itself in nothing, and every change names a real difference', () => {
    fc.assert(
      fc.property(tree, tree, (a, b) => {
        expect(diffJson(a, a)).toEqual([]);
        expect(diffJson(a, b).length === 0).toBe(jsonEqual(a, b));
      }),
      { numRuns: 300 },
    );
  });

  it('a key named __proto__ is a field like any other (never the prototype)', () => {
    const b = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
    const applied = applyDiff({}, diffJson({}, b)) as Record<string, unknown>;
    expect(Object.hasOwn(applied, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
