import { describe, expect, it } from '@jest/globals';
import { compareValues, cycleSort, type SortState } from './sort';

describe('grid sort (spec §4)', () => {
  it('S4-BEH-005: a column cycles ascending → descending → unsorted', () => {
    let s: SortState | null = null;
    s = cycleSort(s, 'weight');
    expect(s).toEqual({ columnId: 'weight', desc: false });
    s = cycleSort(s, 'weight');
    expect(s).toEqual({ columnId: 'weight', desc: true });
    s = cycleSort(s, 'weight');
    expect(s).toBeNull();
    expect(cycleSort(s, 'weight')).toEqual({ columnId: 'weight', desc: false });
  });

  it('S4-BEH-005: another column starts ascending', () => {
    expect(cycleSort({ columnId: 'weight', desc: true }, 'state')).toEqual({
      columnId: 'state',
      desc: false,
    });
  });

  it('compares numbers as numbers, text naturally, empty values last', () => {
    expect([10, 9, 100].sort(compareValues)).toEqual([9, 10, 100]);
    expect(['A10', 'a2', 'B1'].sort(compareValues)).toEqual(['a2', 'A10', 'B1']);
    expect(['b', null, 'a', '', undefined].sort(compareValues)).toEqual([
      'a',
      'b',
      null,
      '',
      undefined,
    ]);
  });
});
