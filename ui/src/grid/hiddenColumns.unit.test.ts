import { describe, expect, it } from '@jest/globals';
import { hiddenColumnsKey, loadHiddenColumns, saveHiddenColumns } from './hiddenColumns';

const memory = () => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

describe('hidden columns per view (spec §2 column settings)', () => {
  const known = ['a', 'b', 'c'];

  it('S2-SCREEN-030: stored under a key per view; another view keeps its own', () => {
    const storage = memory();
    saveHiddenColumns(storage, 'ShipmentPageGrid', ['b']);
    expect(storage.data.get('nordlog.grid.ShipmentPageGrid.hiddenColumns')).toBe('["b"]');
    expect(loadHiddenColumns(storage, 'ShipmentPageGrid', ['c'], known)).toEqual(['b']);
    expect(loadHiddenColumns(storage, 'InstantOrdersGrid', ['c'], known)).toEqual(['c']);
    expect(hiddenColumnsKey('InstantOrdersGrid')).not.toBe(hiddenColumnsKey('ShipmentPageGrid'));
  });

  it('S2-SCREEN-028: nothing stored means the grid defaults; unreadable data too', () => {
    const storage = memory();
    expect(loadHiddenColumns(storage, 'v', ['c'], known)).toEqual(['c']);
    storage.setItem(hiddenColumnsKey('v'), '{oops');
    expect(loadHiddenColumns(storage, 'v', ['c'], known)).toEqual(['c']);
    storage.setItem(hiddenColumnsKey('v'), '"b"');
    expect(loadHiddenColumns(storage, 'v', ['c'], known)).toEqual(['c']);
  });

  it('stored ids of columns the grid no longer has are dropped; an empty list is kept', () => {
    const storage = memory();
    saveHiddenColumns(storage, 'v', ['gone', 'a']);
    expect(loadHiddenColumns(storage, 'v', ['c'], known)).toEqual(['a']);
    saveHiddenColumns(storage, 'v', []);
    expect(loadHiddenColumns(storage, 'v', ['c'], known)).toEqual([]);
  });
});
