import { describe, expect, it } from '@jest/globals';
import { ADMIN_REPORT_TOP_CUSTOMERS, emptyCounts, type ProductivityRow } from '@nordlog/contracts';
import { topCustomers } from './admin.js';
import { totalsOf } from './cells.js';

describe('the admin report’s top customers (docs/decisions/0082)', () => {
  const customer = (i: number): ProductivityRow => ({
    ...emptyCounts(),
    key: String(i),
    label: `Customer ${i}`,
    booked: 200 - i,
    delivered: 1,
    reasons: i % 2 ? { NOT_HOME: 1 } : {},
  });

  it('lists the biggest by name and the others as one row, so the rows still add up', () => {
    const rows = Array.from({ length: ADMIN_REPORT_TOP_CUSTOMERS + 3 }, (_, i) => customer(i));
    const top = topCustomers(rows);
    expect(top).toHaveLength(ADMIN_REPORT_TOP_CUSTOMERS + 1);
    expect(top.slice(0, ADMIN_REPORT_TOP_CUSTOMERS)).toEqual(
      rows.slice(0, ADMIN_REPORT_TOP_CUSTOMERS),
    );
    const n = ADMIN_REPORT_TOP_CUSTOMERS;
    expect(top.at(-1)).toEqual({
      ...emptyCounts(),
      key: null,
      label: null,
      booked: 200 - n + (200 - n - 1) + (200 - n - 2),
      delivered: 3,
      // n is even: customers n + 1 only had a reason.
      reasons: { NOT_HOME: 1 },
    });
    expect(totalsOf(top)).toEqual(totalsOf(rows));
    expect(topCustomers(rows.slice(0, 3))).toEqual(rows.slice(0, 3));
  });
});
