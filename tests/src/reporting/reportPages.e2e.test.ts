import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  analyticsFigures,
  type AdminReport,
  type MonitoringSnapshot,
  type ReportDashboards,
} from '@nordlog/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  awayFromOsloMidnight,
  bookingDate,
  configureNumberSeries,
  osloStops,
} from '../support/booking.js';
import { createDepartment } from '../support/planning.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

const GRAFANA = 'https://grafana.example.com/d/nordlog/overview?kiosk';

/** A second process's /metrics (MONITORING_TARGETS), as a command service of the split topology writes it. */
const COMMAND_PROCESS = [
  '# TYPE nordlog_commands_total counter',
  'nordlog_commands_total{command="CREATE_DEPARTMENT",outcome="ok",service="command"} 5',
  '# TYPE nordlog_command_duration_seconds histogram',
  'nordlog_command_duration_seconds_bucket{le="0.01",command="CREATE_DEPARTMENT",service="command"} 5',
  'nordlog_command_duration_seconds_bucket{le="+Inf",command="CREATE_DEPARTMENT",service="command"} 5',
  'nordlog_command_duration_seconds_sum{command="CREATE_DEPARTMENT",service="command"} 0.02',
  'nordlog_command_duration_seconds_count{command="CREATE_DEPARTMENT",service="command"} 5',
  '',
].join('\n');

/**
 * The report pages' queries (issue 45 §4, docs/decisions/0084): `monitoringSnapshot` over the
 * running processes' metrics (this one's registry and a target's /metrics), `reportDashboards`,
 * and the analytics figures of a small hand-computed day. ADMIN only.
 */
describe('report pages: monitoring and analytics (issue 45 §4)', () => {
  let sys: TestSystem;
  let target: Server;
  beforeAll(async () => {
    target = createServer((req, res) => {
      if (req.url === '/metrics')
        res.writeHead(200, { 'content-type': 'text/plain' }).end(COMMAND_PROCESS);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const port = (target.address() as AddressInfo).port;
    sys = await startTestSystem({
      env: {
        MONITORING_DASHBOARD_URL: GRAFANA,
        MONITORING_TARGETS: `command=http://127.0.0.1:${port},gone=http://127.0.0.1:${port}/nothing`,
      },
    });
  }, 300_000);
  afterAll(async () => {
    await sys.shutdown();
    await new Promise((resolve) => target.close(resolve));
  });

  const snapshot = async () => {
    const res = await sys.query('monitoringSnapshot', {});
    expect(res.status).toBe(200);
    return res.body as MonitoringSnapshot;
  };
  const departmentCommand = (s: MonitoringSnapshot) =>
    s.commands.find((c) => c.command === 'CREATE_DEPARTMENT') ?? { total: 0, failed: 0 };

  it('monitoringSnapshot: the command counters go up with the commands run, summed with the other processes', async () => {
    const before = await snapshot();
    expect(before.sources).toEqual([
      { name: 'embedded', ok: true },
      { name: 'command', ok: true },
      { name: 'gone', ok: false, error: 'GET /metrics answered 404' },
    ]);
    await createDepartment(sys, 'Tromsø', { lat: 69.65, lng: 18.96 });
    await createDepartment(sys, 'Bodø', { lat: 67.28, lng: 14.4 });
    const refused = await sys.command('CREATE_DEPARTMENT', { name: '' });
    expect(refused.status).toBe(400);
    const after = await snapshot();
    const [b, a] = [departmentCommand(before), departmentCommand(after)];
    expect([a.total - b.total, a.failed - b.failed]).toEqual([3, 1]);
    // The other process's 5 are in the sums; the latencies come from the summed buckets.
    expect(a.total).toBeGreaterThanOrEqual(8);
    const figures = after.commands.find((c) => c.command === 'CREATE_DEPARTMENT')!;
    expect(figures.p50).toBeGreaterThan(0);
    expect(figures.p95).toBeGreaterThanOrEqual(figures.p50!);
    // The database's gauges: every projection's lag; no socket is open and no relay runs here.
    expect(after.projections.length).toBeGreaterThan(5);
    expect(after.projections.every((p) => p.seconds >= 0 && p.events >= 0)).toBe(true);
    expect(after.socketsOpen).toBe(0);
    expect(after.relayLag).toEqual([]);
  });

  it('reportDashboards names the configured dashboard; the web app may frame its origin only', async () => {
    const res = await sys.query('reportDashboards', {});
    expect(res.body as ReportDashboards).toEqual({ analytics: null, monitoring: GRAFANA });
    const page = await fetch(`${sys.url}/reports/monitoring`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-security-policy')).toContain(
      "frame-src 'self' https://grafana.example.com;",
    );
  });

  it('the report pages’ queries are ADMIN only: every other role is refused 403', async () => {
    // The reports flag does not open them (the access matrix covers every role).
    for (const role of ['PLANNER', 'PLUS_PLANNER', 'ACCOUNTING'] as const) {
      const user = await sys.login({
        phoneNumber: freshPhone(),
        role,
        departmentIds: [],
        access: ['PLANNER_REPORTS'],
      });
      for (const query of ['monitoringSnapshot', 'reportDashboards']) {
        const res = await sys.as(user).query(query, {});
        expect([role, query, res.status]).toEqual([role, query, 403]);
      }
    }
  });

  it('analytics: states, on-time rate and deviations by reason per department of a hand-computed day', async () => {
    await awayFromOsloMidnight(3);
    const today = bookingDate(0);
    await configureNumberSeries(sys);
    const ok = async (name: string, payload: Record<string, unknown>) => {
      const res = await sys.command(name, payload);
      if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
      return res.body.ids as string[];
    };
    const oslo = await createDepartment(sys, 'Oslo', { lat: 59.91, lng: 10.75 });
    const bergen = await createDepartment(sys, 'Bergen', { lat: 60.39, lng: 5.32 });
    const customer = (await ok('CREATE_CUSTOMER', { name: 'Apotek Nord', departmentId: oslo }))[0]!;
    const book = async (i: number, departmentId: string, late = false) =>
      (
        await ok('CREATE_ORDER', {
          departmentId,
          customerId: customer,
          pickupDate: today,
          deliveryTimeEarliest: '00:00',
          // A window over before the delivery: late.
          deliveryTimeLatest: late ? '00:01' : '23:59',
          ...osloStops(i, { lat: 59.9 + i / 1000, lng: 10.7 }),
          measurements: [{ weight: 2, quantity: 1 }],
        })
      )[0]!;
    // Oslo: o0 on time, o1 late, o2 NOT_HOME, o3 collected, o4 open.
    const o = [await book(0, oslo), await book(1, oslo, true), await book(2, oslo)];
    o.push(await book(3, oslo), await book(4, oslo));
    // Bergen: b0 on time, b1 NOT_HOME, b2 DAMAGED.
    const b = [await book(5, bergen), await book(6, bergen), await book(7, bergen)];
    await sys.settled();
    await ok('MANUAL_COLLECT', { consignmentIds: [...o.slice(0, 4), ...b] });
    await ok('MANUAL_DELIVER', { consignmentIds: [o[0], o[1], b[0]] });
    await ok('MANUAL_DEVIATE', { consignmentIds: [o[2], b[1]], reason: 'NOT_HOME' });
    await ok('MANUAL_DEVIATE', { consignmentIds: [b[2]], reason: 'DAMAGED' });
    await sys.settled();
    const res = await sys.query('adminReport', { fromDate: today, toDate: today });
    expect(res.status).toBe(200);
    expect(analyticsFigures(res.body as AdminReport)).toEqual({
      booked: 8,
      states: { open: 1, collected: 1, delivered: 3, deviated: 3, returned: 0 },
      onTime: 2,
      late: 1,
      onTimeRate: 2 / 3,
      reasons: ['NOT_HOME', 'DAMAGED'],
      departments: [
        {
          key: bergen,
          label: 'Bergen',
          booked: 3,
          delivered: 1,
          onTimeRate: 1,
          deviated: 2,
          reasons: { NOT_HOME: 1, DAMAGED: 1 },
        },
        {
          key: oslo,
          label: 'Oslo',
          booked: 5,
          delivered: 2,
          onTimeRate: 0.5,
          deviated: 1,
          reasons: { NOT_HOME: 1, DAMAGED: 0 },
        },
      ],
    });
  }, 400_000);
});
