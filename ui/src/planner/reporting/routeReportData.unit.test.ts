import { describe, expect, it } from '@jest/globals';
import { routeReportFigures, type RouteReport } from '@nordlog/contracts';
import { routeCsv } from './routeReportData';

describe('the route figures as a file (0090)', () => {
  it('a line per group, the load factors as whole percents, none empty, the totals last', () => {
    const sums = {
      slots: 1,
      plannedKm: 4.34,
      plannedDrivingMinutes: 8.7,
      drivenKm: 3.35,
      drivenMinutes: 8,
      workingMinutes: 120,
      workedStops: 4,
      loadWeight: 50,
      capacityWeight: 200,
      loadVolume: 250,
      capacityVolume: 500,
    };
    const kari = routeReportFigures(sums);
    const none = routeReportFigures({ ...sums, workingMinutes: 0, capacityWeight: 0 });
    const report: RouteReport = {
      rows: [
        { key: '5', label: 'Kari', ...kari },
        { key: null, label: null, ...none },
      ],
      totals: kari,
    };
    const csv = routeCsv(
      report,
      {
        group: 'Courier',
        columns: ['S', 'P', 'D', 'PM', 'DM', 'W', 'WS', 'SH', 'LW', 'LV'],
        total: 'Total',
      },
      (r) => r.label ?? 'None',
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFCourier,S,P,D,PM,DM,W,WS,SH,LW,LV',
      'Kari,1,4.3,3.4,9,8,120,4,2,25,50',
      'None,1,4.3,3.4,9,8,0,4,,,50',
      'Total,1,4.3,3.4,9,8,120,4,2,25,50',
      '',
    ]);
  });
});
