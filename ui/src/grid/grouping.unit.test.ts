import { describe, expect, it } from '@jest/globals';
import { groupRows, rowOrder } from './grouping';

interface Row {
  id: string;
  groupId: string | null;
}
const rows: Row[] = [
  { id: '1', groupId: null },
  { id: '2', groupId: 'g' },
  { id: '3', groupId: 'solo' },
  { id: '4', groupId: 'g' },
  { id: '5', groupId: null },
];
const group = (expanded: string[]) =>
  groupRows(
    rows,
    (r) => r.id,
    (r) => r.groupId,
    new Set(expanded),
  );

describe('grid grouping (spec §2)', () => {
  it('S2-SCREEN-014: a group is one summary line at its first row, closed by default', () => {
    const items = group([]);
    expect(items.map((i) => i.id)).toEqual(['1', 'group:g', '3', '5']);
    const summary = items[1]!;
    expect(summary.kind === 'group' && summary.ids).toEqual(['2', '4']);
    expect(rowOrder(items)).toEqual(['1', '2', '4', '3', '5']);
  });

  it('S2-SCREEN-014: an expanded group lists its rows under the summary line', () => {
    const items = group(['g']);
    expect(items.map((i) => i.id)).toEqual(['1', 'group:g', '2', '4', '3', '5']);
    expect(items.filter((i) => i.kind === 'row' && i.depth === 1).map((i) => i.id)).toEqual([
      '2',
      '4',
    ]);
    expect(rowOrder(items)).toEqual(['1', '2', '4', '3', '5']);
  });

  it('rows without a group and groups of one row stay plain rows', () => {
    const items = group([]);
    expect(items.find((i) => i.id === '3')?.kind).toBe('row');
    expect(
      groupRows(
        [],
        (r: Row) => r.id,
        (r) => r.groupId,
        new Set(),
      ),
    ).toEqual([]);
  });
});
