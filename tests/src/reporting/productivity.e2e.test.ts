import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  REPORT_CELLS_TABLE,
  REPORT_DEPARTMENT_DAYS_TABLE,
  reportGroupings,
  type ProductivityReport,
} from '@nordlog/contracts';
import { cellsQuery, reportGroups } from '@nordlog/query-service';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { TODAY, TOMORROW, bookReportDay, counts, day, slot1, slot2, unplanned } from './fixture.js';

/**
 * The productivity report against the hand-computed day of ./fixture.ts
 * (docs/decisions/0080-reporting.md).
 */
describe('productivity report (issue 45)', () => {
  let sys: TestSystem;
  let dep: string;
  let other: string;
  let customers: string[];
  let couriers: { courier: string; unit: string }[];
  beforeAll(async () => {
    sys = await startTestSystem();
    ({ dep, other, customers, couriers } = await bookReportDay(sys));
  }, 600_000);
  afterAll(async () => sys.shutdown());

  const report = async (groupBy: string, departmentIds = [dep]) => {
    const res = await sys.query('productivityReport', {
      departmentIds,
      fromDate: TODAY,
      toDate: TODAY,
      groupBy,
    });
    expect(res.status).toBe(200);
    return res.body as ProductivityReport;
  };

  it('the day: every consignment by where it is now, on time and late against its window', async () => {
    const byDay = await report('day');
    expect(byDay.rows).toEqual([{ key: TODAY, label: null, ...day }]);
    expect(byDay.totals).toEqual(day);
  });

  it('per courier and per unit: the slot’s courier and van; the unplanned under none', async () => {
    const byCourier = await report('courier');
    // By name, none last.
    expect(byCourier.rows).toEqual([
      { key: couriers[0]!.courier, label: 'Kari Bud', ...slot1 },
      { key: couriers[1]!.courier, label: 'Ola Bud', ...slot2 },
      { key: null, label: null, ...unplanned },
    ]);
    expect(byCourier.totals).toEqual(day);
    const byUnit = await report('unit');
    const noVan = counts({ ...slot2, booked: 29 });
    expect(byUnit.rows).toEqual([
      { key: couriers[0]!.unit, label: 'Van', ...slot1 },
      { key: null, label: null, ...noVan },
    ]);
  });

  it('per slot (its route, 0090): by name, the unplanned under none', async () => {
    const bySlot = await report('slot');
    expect(bySlot.rows.map(({ key, ...counts }) => [key === null, counts])).toEqual([
      [false, { label: 'Dag', ...slot2 }],
      [false, { label: 'Morgen', ...slot1 }],
      [true, { label: null, ...unplanned }],
    ]);
    expect(bySlot.totals).toEqual(day);
  });

  it('per customer: orders 0–29 are the first customer’s, 30–49 the second’s', async () => {
    const byCustomer = await report('customer');
    expect(byCustomer.rows).toEqual([
      {
        key: customers[0],
        label: 'Apotek Nord',
        ...counts({
          booked: 30,
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
    ]);
  });

  it('another department and another date count on their own', async () => {
    expect((await report('day', [other])).totals).toEqual(counts({ booked: 1 }));
    const both = await sys.query('productivityReport', {
      departmentIds: [dep, other],
      fromDate: TODAY,
      toDate: TOMORROW,
      groupBy: 'day',
    });
    expect(both.body.rows.map((r: { key: string; booked: number }) => [r.key, r.booked])).toEqual([
      [TODAY, 50],
      [TOMORROW, 1],
    ]);
  });

  it('S6-FLAG-028 the backing query needs PLANNER_REPORTS and reads only the reader’s departments', async () => {
    const params = { departmentIds: [dep], fromDate: TODAY, toDate: TODAY, groupBy: 'day' };
    const reporter = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [dep],
      access: ['PLANNER_REPORTS'],
    });
    expect((await sys.as(reporter).query('productivityReport', params)).body.totals).toEqual(day);
    const shipments = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [dep],
      access: ['PLANNER_SHIPMENTS'],
    });
    expect((await sys.as(shipments).query('productivityReport', params)).status).toBe(403);
    const elsewhere = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [other],
      access: ['PLANNER_REPORTS'],
    });
    const refused = await sys.as(elsewhere).query('productivityReport', params);
    expect([refused.status, refused.body[0].errorType]).toEqual([403, 'NO_ACCESS']);
    // A range past a year, or backwards, is a 400 naming the field.
    for (const toDate of ['2099-01-01', '2000-01-01']) {
      const res = await sys.query('productivityReport', { ...params, toDate });
      expect([res.status, res.body[0].errorType]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });
  it('a department’s cells are read from their covering index alone, its days from their rollup by its key, for every grouping (0088, 0106)', async () => {
    type Plan = {
      'Node Type': string;
      'Relation Name'?: string;
      'Index Name'?: string;
      Plans?: Plan[];
    };
    const scans = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(scans)];
    for (const groupBy of reportGroupings) {
      const { sql, bindings } = cellsQuery([dep], TODAY, TOMORROW, reportGroups[groupBy]);
      // The fixture's few cells would be read by a sequential scan: the plan is asked as for a
      // big table, where the index-only scan is possible only if the index has every column read.
      const plan = await sys.db.knex.transaction(async (trx) => {
        await trx.raw('set local enable_seqscan = off; set local enable_bitmapscan = off');
        const res = await trx.raw<{ rows: { 'QUERY PLAN': { Plan: Plan }[] }[] }>(
          `explain (format json) ${sql}`,
          bindings as never,
        );
        return res.rows[0]!['QUERY PLAN'][0]!.Plan;
      });
      const read = (table: string) =>
        scans(plan)
          .filter((p) => p['Relation Name'] === table)
          .map((p) => [p['Node Type'], p['Index Name']]);
      // By day, the rollup per department and day by its key (0106); else the cells' index.
      expect({
        groupBy,
        cells: read(REPORT_CELLS_TABLE),
        days: read(REPORT_DEPARTMENT_DAYS_TABLE),
      }).toEqual({
        groupBy,
        ...(groupBy === 'day'
          ? { cells: [], days: [['Index Scan', 'rm_report_department_days_pkey']] }
          : { cells: [['Index Only Scan', 'rm_report_cells_department_counts']], days: [] }),
      });
    }
  });
});
