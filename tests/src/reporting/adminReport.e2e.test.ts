import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  REPORT_CELLS_TABLE,
  REPORT_DEPARTMENT_DAYS_TABLE,
  type AdminReport,
  type ProductivityReport,
} from '@nordlog/contracts';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { TODAY, TOMORROW, bookReportDay, counts, day } from './fixture.js';

/**
 * The admin report (spec §2 `/admin/report/…`, docs/decisions/0082) against the hand-computed day
 * of ./fixture.ts: Oslo's 50 orders today (49 after the deletion), Bergen's one today, Oslo's one
 * tomorrow. The company's numbers are the same cells the planner's report adds up.
 */
describe('admin report (issue 45)', () => {
  let sys: TestSystem;
  let dep: string;
  let other: string;
  let customers: string[];
  beforeAll(async () => {
    sys = await startTestSystem();
    ({ dep, other, customers } = await bookReportDay(sys));
  }, 600_000);
  afterAll(async () => sys.shutdown());

  const report = async (type: string, toDate = TODAY) => {
    const res = await sys.query('adminReport', { fromDate: TODAY, toDate, type });
    expect(res.status).toBe(200);
    return res.body as AdminReport;
  };
  // Today, the company: Oslo's day and Bergen's one booked order.
  const company = counts({ ...day, booked: 50 });
  // Nothing invoiced (0096): Oslo's 20 delivered and 1 returned orders, all Apotek Nord's, are to be.
  const toInvoice = { invoiced: 0, unpriced: 0, toInvoice: 21, amounts: [] };
  const invoicing = (key: string, label: string | null) => ({
    rows: [{ key, label, ...toInvoice }],
    totals: toInvoice,
  });

  it('S2-ROUTE-027 per department: every department of the company by name, its numbers the planner’s report’s', async () => {
    const byDepartment = await report('departments');
    expect(byDepartment).toEqual({
      type: 'departments',
      rows: [
        { key: other, label: 'Bergen', ...counts({ booked: 1 }) },
        { key: dep, label: 'Oslo', ...day },
      ],
      totals: company,
      invoicing: invoicing(dep, 'Oslo'),
      routes: expect.objectContaining({ rows: expect.any(Array) }),
    });
    // One source of numbers: Oslo's row is what its planners see.
    const planner = await sys.query('productivityReport', {
      departmentIds: [dep],
      fromDate: TODAY,
      toDate: TODAY,
      groupBy: 'day',
    });
    expect(byDepartment.rows[1]).toEqual({
      key: dep,
      label: 'Oslo',
      ...(planner.body as ProductivityReport).totals,
    });
    // Its routes too (0101; the figures by hand: ./routes.e2e.test.ts); Bergen has none.
    const plannerRoutes = (planner.body as ProductivityReport).routes!.totals;
    expect(plannerRoutes.slots).toBe(2);
    expect(byDepartment.routes!.rows).toEqual([
      { key: dep, label: 'Oslo', date: null, ...plannerRoutes },
    ]);
    expect(byDepartment.routes!.totals).toEqual(plannerRoutes);
    // Tomorrow's order joins Oslo's row when the range takes it.
    const twoDays = await report('departments', TOMORROW);
    expect(twoDays.rows.map((r) => [r.label, r.booked])).toEqual([
      ['Bergen', 1],
      ['Oslo', 50],
    ]);
    expect(twoDays.totals.booked).toBe(51);
  });

  it('S2-ROUTE-027 top customers across departments, the most consignments first', async () => {
    // Apotek Nord: Oslo's orders 0–29 and Bergen's one; Blomster Sør: Oslo's 30–48.
    expect(await report('customers')).toEqual({
      type: 'customers',
      rows: [
        {
          key: customers[0],
          label: 'Apotek Nord',
          ...counts({
            booked: 31,
            planned: 30,
            stops: 60,
            delivered: 20,
            onTime: 15,
            late: 5,
            deviated: 5,
            returned: 1,
            reasons: { NOT_HOME: 2, DAMAGED: 1, REFUSED: 2 },
          }),
        },
        {
          key: customers[1],
          label: 'Blomster Sør',
          ...counts({ booked: 19, planned: 5, stops: 10, collected: 2 }),
        },
      ],
      totals: company,
      invoicing: invoicing(customers[0]!, 'Apotek Nord'),
      routes: null,
    });
  });

  it('S2-ROUTE-027 the company’s day by day', async () => {
    expect(await report('days', TOMORROW)).toEqual({
      type: 'days',
      rows: [
        { key: TODAY, label: null, ...company },
        { key: TOMORROW, label: null, ...counts({ booked: 1 }) },
      ],
      totals: counts({ ...company, booked: 51 }),
      invoicing: invoicing(TODAY, null),
      // Routes per department and day (0101): Oslo's two slots are today's.
      routes: expect.objectContaining({
        rows: [expect.objectContaining({ key: dep, label: 'Oslo', date: TODAY, slots: 2 })],
      }),
    });
    // No type: per department.
    const res = await sys.query('adminReport', { fromDate: TODAY, toDate: TODAY });
    expect(res.body.type).toBe('departments');
  });

  it('the rollup per department and day (0096) is its cells summed, reasons per key, as the projection keeps them', async () => {
    const knex = sys.db.knex;
    const counted =
      'booked, planned, collected, delivered, deviated, returned, on_time, late, stops';
    const sums = counted
      .split(', ')
      .map((c) => `sum(${c})::integer as ${c}`)
      .join(', ');
    const fromCells = await knex.raw<{ rows: Record<string, unknown>[] }>(
      `select department_id::text, date::text, ${sums},
         coalesce((select jsonb_object_agg(k, n) from (select e.key as k, sum(e.value::int) as n
           from ${REPORT_CELLS_TABLE} x, jsonb_each_text(x.reasons) e
           where x.department_id = c.department_id and x.date = c.date group by e.key) y),
           '{}'::jsonb) as reasons
       from ${REPORT_CELLS_TABLE} c group by c.department_id, c.date order by 1, 2`,
    );
    const days = await knex.raw<{ rows: Record<string, unknown>[] }>(
      `select department_id::text, date::text, ${counted}, reasons
       from ${REPORT_DEPARTMENT_DAYS_TABLE} order by 1, 2`,
    );
    expect(days.rows).toEqual(fromCells.rows);
    // Oslo's day, by hand (./fixture.ts): the rollup row is the day's totals.
    const oslo = days.rows.find((r) => r.department_id === dep && r.date === TODAY)!;
    expect(oslo).toMatchObject({ booked: 49, planned: 35, stops: 70, delivered: 20, late: 5 });
    expect(oslo.reasons).toMatchObject({ NOT_HOME: 2, DAMAGED: 1, REFUSED: 2 });
  });

  it('S6-ROLE-015 ADMIN only: a planner with the reports flag and accounting are refused 403; bad ranges are 400 on toDate', async () => {
    const params = { fromDate: TODAY, toDate: TODAY, type: 'departments' };
    const admin = await sys.login({ phoneNumber: freshPhone(), role: 'ADMIN', departmentIds: [] });
    expect((await sys.as(admin).query('adminReport', params)).body.totals).toEqual(company);
    for (const [role, access] of [
      ['PLANNER', ['PLANNER_REPORTS']],
      ['PLUS_PLANNER', ['PLANNER_REPORTS']],
      ['ACCOUNTING', ['PLANNER_REPORTS']],
    ] as const) {
      const user = await sys.login({
        phoneNumber: freshPhone(),
        role,
        departmentIds: [dep, other],
        access: [...access],
      });
      const refused = await sys.as(user).query('adminReport', params);
      expect([role, refused.status]).toEqual([role, 403]);
    }
    // A range past a year, or backwards, is a 400 naming the field; an unknown type too.
    for (const [toDate, key] of [
      ['2099-01-01', 'validation.tooLong'],
      ['2000-01-01', 'validation.dateRange'],
    ]) {
      const res = await sys.query('adminReport', { ...params, toDate });
      expect([res.status, res.body[0].errorType, res.body[0].params]).toEqual([
        400,
        'VALIDATION_ERROR',
        { field: 'toDate', key },
      ]);
    }
    const unknown = await sys.query('adminReport', { ...params, type: 'kilometres' });
    expect([unknown.status, unknown.body[0].errorType]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
