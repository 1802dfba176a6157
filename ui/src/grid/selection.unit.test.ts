import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { coverage, emptySelection, selectionReducer, type SelectionState } from './selection';

const ids = ['1', '2', '3', '4', '5', '6'];
const run = (...actions: Parameters<typeof selectionReducer>[1][]): SelectionState =>
  actions.reduce(selectionReducer, emptySelection);
const sorted = (s: SelectionState) => [...s.selected].sort();

describe('grid selection (spec §4)', () => {
  it('S4-BEH-006: select all, and a fully ticked header clears', () => {
    const all = run({ type: 'toggleAll', ids });
    expect(sorted(all)).toEqual(ids);
    expect(coverage(all.selected, ids)).toBe('all');
    expect(selectionReducer(all, { type: 'toggleAll', ids }).selected.size).toBe(0);
    // Partly ticked: the header selects the rest.
    const some = run({ type: 'toggle', id: '2' }, { type: 'toggleAll', ids });
    expect(sorted(some)).toEqual(ids);
  });

  it('S4-BEH-007: a row toggles on and off', () => {
    const on = run({ type: 'toggle', id: '3' });
    expect(sorted(on)).toEqual(['3']);
    expect(selectionReducer(on, { type: 'toggle', id: '3' }).selected.size).toBe(0);
  });

  it('S4-BEH-008: click row 2, shift-click row 5 selects rows 2 to 5, in display order', () => {
    const s = run({ type: 'toggle', id: '2' }, { type: 'range', id: '5', order: ids });
    expect(sorted(s)).toEqual(['2', '3', '4', '5']);
    // Upwards, and in a sorted order that is not the id order.
    const order = ['6', '4', '2', '5', '1', '3'];
    const up = run({ type: 'toggle', id: '1' }, { type: 'range', id: '4', order });
    expect(sorted(up)).toEqual(['1', '2', '4', '5']);
    // Without an anchor, a shift-click is a toggle.
    expect(sorted(run({ type: 'range', id: '4', order: ids }))).toEqual(['4']);
  });

  it('S4-BEH-009: a group toggles all its rows', () => {
    const s = run({ type: 'toggle', id: '1' }, { type: 'toggleGroup', ids: ['3', '4'] });
    expect(sorted(s)).toEqual(['1', '3', '4']);
    expect(coverage(s.selected, ['3', '4'])).toBe('all');
    expect(sorted(selectionReducer(s, { type: 'toggleGroup', ids: ['3', '4'] }))).toEqual(['1']);
    expect(coverage(new Set(['3']), ['3', '4'])).toBe('some');
  });

  it('S4-BEH-010: rows that are gone leave the selection; nothing gone keeps the state', () => {
    const s = run({ type: 'toggleAll', ids: ['1', '2', '3'] }, { type: 'toggle', id: '3' });
    const pruned = selectionReducer(s, { type: 'prune', existing: new Set(['1', '3']) });
    expect(sorted(pruned)).toEqual(['1']);
    expect(pruned.anchor).toBe('3');
    const gone = selectionReducer(pruned, { type: 'prune', existing: new Set(['1']) });
    expect(gone.anchor).toBeNull();
    expect(selectionReducer(gone, { type: 'prune', existing: new Set(['1', '9']) })).toBe(gone);
  });

  const action = fc.oneof(
    fc.record({ type: fc.constant('toggle' as const), id: fc.constantFrom(...ids) }),
    fc.record({
      type: fc.constant('range' as const),
      id: fc.constantFrom(...ids),
      order: fc.shuffledSubarray(ids, { minLength: 1 }),
    }),
    fc.record({ type: fc.constant('toggleAll' as const), ids: fc.subarray(ids) }),
    fc.record({ type: fc.constant('toggleGroup' as const), ids: fc.subarray(ids) }),
    fc.constant({ type: 'clear' as const }),
    fc.record({
      type: fc.constant('prune' as const),
      existing: fc.subarray(ids).map((a) => new Set(a)),
    }),
  );

  it('S4-BEH-008 property: a shift-range selects exactly the rows between anchor and target', () => {
    fc.assert(
      fc.property(
        fc.array(action, { maxLength: 10 }),
        fc.shuffledSubarray(ids, { minLength: 2 }),
        fc.nat(),
        fc.nat(),
        (before, order, a, b) => {
          const anchor = order[a % order.length]!;
          const target = order[b % order.length]!;
          const start = selectionReducer(run(...before), { type: 'toggle', id: anchor });
          const after = selectionReducer(start, { type: 'range', id: target, order });
          const [i, j] = [order.indexOf(anchor), order.indexOf(target)].sort((x, y) => x - y);
          const between = order.slice(i, j! + 1);
          const expected = new Set([...start.selected, ...between]);
          expect(sorted(after)).toEqual([...expected].sort());
        },
      ),
    );
  });

  it('S4-BEH-010 property: after a prune only existing rows are selected, and existing ones stay', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 15 }), fc.subarray(ids), (actions, keep) => {
        const s = run(...actions);
        const existing = new Set(keep);
        const pruned = selectionReducer(s, { type: 'prune', existing });
        for (const id of pruned.selected) expect(existing.has(id)).toBe(true);
        for (const id of s.selected)
          if (existing.has(id)) expect(pruned.selected.has(id)).toBe(true);
        expect(pruned.anchor === null || existing.has(pruned.anchor)).toBe(true);
      }),
    );
  });

  it('property: toggling a row twice leaves the selection as it was', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 10 }), fc.constantFrom(...ids), (actions, id) => {
        const s = run(...actions);
        const twice = [
          { type: 'toggle', id },
          { type: 'toggle', id },
        ].reduce((x, a) => selectionReducer(x, a as { type: 'toggle'; id: string }), s);
        expect(sorted(twice)).toEqual(sorted(s));
      }),
    );
  });
});
