import { describe, expect, it } from '@jest/globals';
import type { MonitoringSnapshot } from '@nordlog/contracts';
import { analyticsPath, commandRates, parseAnalyticsView } from './monitoringData';

const snap = (at: string, totals: Record<string, number>): MonitoringSnapshot => ({
  at,
  sources: [],
  commands: Object.entries(totals).map(([command, total]) => ({
    command,
    total,
    failed: 0,
    p50: null,
    p95: null,
  })),
  projections: [],
  socketsOpen: null,
  socketMessagesSent: null,
  relayLag: [],
  outboxBacklog: [],
});

describe('the monitoring page’s rates and the analytics page’s address (docs/decisions/0084)', () => {
  it('a rate is the counter’s difference per minute; none on the first read or after a restart', () => {
    const a = snap('2026-12-01T10:00:00Z', { CREATE_ORDER: 10, UPDATE_ORDER: 50 });
    const b = snap('2026-12-01T10:00:30Z', { CREATE_ORDER: 16, UPDATE_ORDER: 3, NEW: 2 });
    expect(commandRates(undefined, b)).toEqual(new Map());
    expect(commandRates(a, b)).toEqual(
      new Map([
        ['CREATE_ORDER', 12],
        ['NEW', 4],
      ]),
    );
    expect(commandRates(b, b)).toEqual(new Map());
  });

  it('the dates are the address’s segments, this month so far by default', () => {
    expect(parseAnalyticsView('', '2026-12-04')).toEqual({
      fromDate: '2026-12-01',
      toDate: '2026-12-04',
    });
    expect(parseAnalyticsView('2026-11-02', '2026-12-04')).toEqual({
      fromDate: '2026-11-02',
      toDate: '2026-11-02',
    });
    expect(parseAnalyticsView('2026-11-02/2026-11-01', '2026-12-04').toDate).toBe('2026-11-02');
    expect(analyticsPath({ fromDate: '2026-11-01', toDate: '2026-11-30' })).toBe(
      '/reports/analytics/2026-11-01/2026-11-30',
    );
  });
});
