import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  EXPORT_MAX_DAYS,
  exportColumns,
  exportColumnsFor,
  exportOrdersSchema,
  exportRangeProblem,
} from './index.js';

const day = fc
  .integer({ min: 0, max: 3 * 366 })
  .map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

describe('the export query (docs/decisions/0060)', () => {
  it('S7-CALL-031 the schema accepts a range exactly when the form’s rule finds nothing wrong', () => {
    fc.assert(
      fc.property(day, day, (fromDate, toDate) => {
        const parsed = exportOrdersSchema.safeParse({ department: '1', fromDate, toDate });
        expect(parsed.success).toBe(exportRangeProblem(fromDate, toDate) === null);
      }),
    );
  });

  it('the longest range is EXPORT_MAX_DAYS days, both ends counted', () => {
    expect(exportRangeProblem('2026-01-01', '2026-12-31')).toBeNull();
    expect(exportRangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(EXPORT_MAX_DAYS).toBe(366);
    expect(exportRangeProblem('2024-01-01', '2025-01-01')).toBe('tooLong');
    expect(exportRangeProblem('2026-01-02', '2026-01-01')).toBe('reversed');
  });

  it('S7-CALL-031 column names are unique; without the control columns none is left, every other stays in order', () => {
    const names = exportColumns.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const kept = exportColumnsFor(true);
    expect(kept.some((c) => c.control)).toBe(false);
    expect(kept).toEqual(exportColumns.filter((c) => !c.control));
    expect(exportColumnsFor(false)).toBe(exportColumns);
  });

  it('csv is the default format; params the spec does not name are refused', () => {
    const base = { department: '1', fromDate: '2026-12-01', toDate: '2026-12-01' };
    expect(exportOrdersSchema.parse(base)).toMatchObject({
      format: 'csv',
      isRemoveControlColumnsChecked: false,
    });
    expect(exportOrdersSchema.safeParse({ ...base, limit: 5 }).success).toBe(false);
  });
});
