import { describe, expect, it } from '@jest/globals';
import { exportColumns } from '@nordlog/contracts';
import { exportExpressions } from './orders.js';
import { cellValue } from './xlsx.js';

describe('the shipments export (docs/decisions/0060)', () => {
  it('every column of the contract has its SQL, and no SQL is left without a column', () => {
    expect(Object.keys(exportExpressions).sort()).toEqual(exportColumns.map((c) => c.name).sort());
  });

  it('xlsx cells: numbers as numbers, dates and date-times as dates of the wall clock, text as it is', () => {
    expect(cellValue('number', '9.5')).toBe(9.5);
    expect(cellValue('number', 'n/a')).toBe('n/a');
    expect(cellValue('date', '2026-12-03')).toEqual(new Date('2026-12-03T00:00:00Z'));
    expect(cellValue('dateTime', '2026-12-03 07:45')).toEqual(new Date('2026-12-03T07:45:00Z'));
    expect(cellValue('text', '=1+1')).toBe('=1+1');
    for (const kind of ['text', 'number', 'date', 'dateTime'] as const) {
      expect(cellValue(kind, null)).toBeNull();
      expect(cellValue(kind, '')).toBeNull();
    }
  });
});
