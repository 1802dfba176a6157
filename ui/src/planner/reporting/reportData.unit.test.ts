import { describe, expect, it } from '@jest/globals';
import { emptyCounts, type ProductivityReport } from '@nordlog/contracts';
import { parseReportView, reasonsOf, reportCsv, reportPath } from './reportData';

describe('productivity screens (docs/decisions/0080)', () => {
  it('keep the dates and the grouping in the address, with each screen’s defaults', () => {
    expect(parseReportView('', 'dashboard', '2026-12-04')).toEqual({
      fromDate: '2026-12-04',
      toDate: '2026-12-04',
      groupBy: 'courier',
    });
    expect(parseReportView('2026-11-01/2026-11-30/customer', 'report', '2026-12-04')).toEqual({
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
      groupBy: 'customer',
    });
    // A to date before the from date, or a grouping not offered, falls back.
    expect(parseReportView('2026-11-10/2026-11-01/kilometres', 'report', '2026-12-04')).toEqual({
      fromDate: '2026-11-10',
      toDate: '2026-11-10',
      groupBy: 'day',
    });
    const view = { fromDate: '2026-11-01', toDate: '2026-11-30', groupBy: 'unit' } as const;
    expect(reportPath('dashboard', 'group_2', view)).toBe(
      '/planner/group_2/dashboards/productivity/2026-11-01/2026-11-30/unit',
    );
    expect(
      parseReportView(reportPath('report', '1', view).split('/reports/')[1]!, 'report', 'x'),
    ).toEqual(view);
  });

  it('list reasons in the catalogue’s order, others after, none at zero', () => {
    expect(reasonsOf({ reasons: { OTHER: 1, zzz: 2, NOT_HOME: 3, CLOSED: 0 } })).toEqual([
      ['NOT_HOME', 3],
      ['OTHER', 1],
      ['zzz', 2],
    ]);
  });

  it('write the table as CSV: a line per group, the rate and reasons, the totals last', () => {
    const row = {
      ...emptyCounts(),
      key: '5',
      label: '=Kari',
      booked: 4,
      delivered: 3,
      onTime: 2,
      late: 1,
      deviated: 1,
      reasons: { NOT_HOME: 1 },
    };
    const report: ProductivityReport = {
      groupBy: 'courier',
      rows: [row],
      totals: row,
      routes: null,
      invoicing: { rows: [], totals: { invoiced: 0, unpriced: 0, toInvoice: 0, amounts: [] } },
    };
    const csv = reportCsv(
      report,
      {
        group: 'Courier',
        counts: ['B', 'P', 'S', 'C', 'D', 'OT', 'L', 'DV', 'R'],
        rate: 'Rate',
        reasons: 'Reasons',
        total: 'Total',
      },
      (r) => r.label ?? '',
      (code) => (code === 'NOT_HOME' ? 'Not at home' : code),
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFCourier,B,P,S,C,D,OT,L,DV,R,Rate,Reasons',
      // A name that starts like a formula is kept as text.
      "'=Kari,4,0,0,0,3,2,1,1,0,67,Not at home: 1",
      'Total,4,0,0,0,3,2,1,1,0,67,Not at home: 1',
      '',
    ]);
  });
});
