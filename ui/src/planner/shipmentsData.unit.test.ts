import { describe, expect, it } from '@jest/globals';
import type { AuthUser, ConsignmentRow } from '@nordlog/contracts';
import {
  allowedBulkActions,
  bulkInputComplete,
  bulkCommandFor,
  bulkPayload,
  chunks,
  datesBetween,
  isSearchable,
  liveDates,
  loadAllRows,
  maxGridRows,
  moveTargets,
  outcomeOfAnswer,
  outcomeOfError,
  pageSize,
  parseShipmentsPath,
  rangeDates,
  rangeOf,
  rowBelongs,
  rowsKey,
  shipmentsPath,
} from './shipmentsData';

const today = '2026-11-22';

describe('shipments page data (spec §2, §9)', () => {
  it('S2-SCREEN-002 S2-SCREEN-004 S9-CONST-013: the ranges; a bare URL is today', () => {
    expect(rangeDates('today', today)).toEqual({ from: today, to: today });
    expect(rangeDates('yesterday', today)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(rangeDates('last7', today)).toEqual({ from: '2026-11-16', to: today });
    expect(rangeDates('last30', today)).toEqual({ from: '2026-10-24', to: today });
    const view = parseShipmentsPath('shipments-search', '', today);
    expect(view).toMatchObject({ fromDate: today, toDate: today, searchPhrase: '' });
    expect(rangeOf(view.fromDate, view.toDate, today)).toBe('today');
    expect(rangeOf('2026-11-01', '2026-11-03', today)).toBe('custom');
  });

  it('S2-ROUTE-043: the shipments path holds filter, dates, search phrase, customer and shipment', () => {
    const view = parseShipmentsPath(
      'shipments',
      'delivered/2026-11-01/2026-11-05/oslo%20gate/1000/77',
      today,
    );
    expect(view).toEqual({
      base: 'shipments',
      filter: 'DELIVERED',
      fromDate: '2026-11-01',
      toDate: '2026-11-05',
      searchPhrase: 'oslo gate',
      customerAlystraId: '1000',
      shipmentId: '77',
    });
    expect(shipmentsPath('12', view)).toBe(
      '/planner/12/shipments/delivered/2026-11-01/2026-11-05/oslo%20gate/1000/77',
    );
    expect(parseShipmentsPath('shipments', 'nonsense/bad', today).filter).toBe('all');
    // The router hands the splat decoded: a phrase with a percent sign of its own reads as typed.
    expect(
      parseShipmentsPath('shipments-search', '2026-11-01/2026-11-05/50% off', today).searchPhrase,
    ).toBe('50% off');
    // An empty search phrase in the middle is written as '-' and read back as empty.
    const noPhrase = { ...view, searchPhrase: '' };
    expect(shipmentsPath('12', noPhrase)).toBe(
      '/planner/12/shipments/delivered/2026-11-01/2026-11-05/-/1000/77',
    );
    expect(
      parseShipmentsPath('shipments', 'delivered/2026-11-01/2026-11-05/-/1000/77', today)
        .searchPhrase,
    ).toBe('');
    expect(
      shipmentsPath(
        'group_3',
        parseShipmentsPath('shipments-search', '2026-11-20/2026-11-22', today),
      ),
    ).toBe('/planner/group_3/shipments-search/2026-11-20/2026-11-22');
  });

  it('a to date before the from date follows it (spec §5 date range)', () => {
    expect(parseShipmentsPath('shipments-search', '2026-11-10/2026-11-01', today)).toMatchObject({
      fromDate: '2026-11-10',
      toDate: '2026-11-10',
    });
  });

  it('S5-VAL-046 S9-CONST-010: a search needs more than 2 characters', () => {
    expect(isSearchable('ab')).toBe(false);
    expect(isSearchable(' ab ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
  });

  it('the live context lists the days of the range', () => {
    expect(datesBetween('2026-11-20', '2026-11-22')).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(datesBetween('2026-01-01', '2026-11-22', 5)).toHaveLength(5);
  });

  it('Tomorrow and All dates are ranges of their own; all dates follows the days around today live', () => {
    expect(rangeDates('tomorrow', today)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    const all = rangeDates('all', today);
    expect(rangeOf(all.from, all.to, today)).toBe('all');
    expect(rangeOf('2026-11-23', '2026-11-23', today)).toBe('tomorrow');
    // The URL keeps it: the bounds are dates.
    const path = shipmentsPath('1', {
      ...parseShipmentsPath('shipments-search', '', today),
      fromDate: all.from,
      toDate: all.to,
    });
    const back = parseShipmentsPath(
      'shipments-search',
      path.split('/shipments-search/')[1]!,
      today,
    );
    expect(rangeOf(back.fromDate, back.toDate, today)).toBe('all');
    const live = liveDates(all.from, all.to, today);
    expect(live).toHaveLength(62);
    expect(live).toContain(today);
    expect(live).toContain('2026-11-23');
    expect(liveDates('2026-11-20', today, today)).toEqual(datesBetween('2026-11-20', today));
  });

  it('S4-BEH-011: a live row joins the grid list it belongs to, and leaves one it no longer does', () => {
    const key = rowsKey({
      departmentIds: ['5'],
      fromDate: '2026-11-20',
      toDate: today,
      states: [],
    });
    const row = { id: '1', departmentId: '5', date: '2026-11-21', state: 'CREATED' };
    expect(rowBelongs(key, 'consignments', row)).toBe(true);
    expect(rowBelongs(key, 'consignments', { ...row, departmentId: '6' })).toBe(false);
    expect(rowBelongs(key, 'consignments', { ...row, date: '2026-11-23' })).toBe(false);
    const delivered = rowsKey({
      departmentIds: ['5'],
      fromDate: today,
      toDate: today,
      states: ['DELIVERED'],
    });
    expect(rowBelongs(delivered, 'consignments', { ...row, date: today })).toBe(false);
    // Lists it cannot judge are left to the default (refetch).
    expect(rowBelongs(['consignments', 'search', {}], 'consignments', row)).toBeUndefined();
    expect(rowBelongs(key, 'departments', row)).toBeUndefined();
  });

  it('loads a range in pages of 5,000 until a short page, without duplicates, up to 100,000 rows', async () => {
    const total = 12_001;
    const asked: number[] = [];
    const fetchPage = (offset: number, limit: number) => {
      asked.push(offset);
      // A row committed meanwhile shifts the second page by one: its first row repeats.
      const from = offset === 0 ? 0 : offset - 1;
      return Promise.resolve(
        Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => ({
          id: String(from + i),
        })) as ConsignmentRow[],
      );
    };
    const { rows, truncated } = await loadAllRows(fetchPage);
    expect(asked).toEqual([0, pageSize, 2 * pageSize]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows).toHaveLength(total);
    expect(truncated).toBe(false);
    const endless = (offset: number, limit: number) =>
      Promise.resolve(
        Array.from({ length: limit }, (_, i) => ({ id: String(offset + i) })) as ConsignmentRow[],
      );
    const capped = await loadAllRows(endless);
    expect(capped.rows).toHaveLength(maxGridRows);
    expect(capped.truncated).toBe(true);
  });

  it('bulk payloads: orders for deletion, consignments for the overrides; a deviation has its reason', () => {
    expect(bulkPayload('delete', ['1', '2'])).toEqual({ orderIds: ['1', '2'] });
    expect(bulkPayload('deliver', ['1'], { comment: '  ' })).toEqual({ consignmentIds: ['1'] });
    expect(bulkPayload('deviate', ['1'], { reason: 'DAMAGED', comment: 'x' })).toEqual({
      consignmentIds: ['1'],
      reason: 'DAMAGED',
      comment: 'x',
    });
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('bulk outcomes count what succeeded and what failed, with reasons', () => {
    expect(
      outcomeOfAnswer({
        commandId: 'c',
        position: '9',
        events: ['OrderDeleted'],
        ids: ['1'],
        failed: [{ id: '2', errorType: 'INVALID_STATE_TRANSITION', description: 'no' }],
      }),
    ).toEqual({
      succeeded: ['1'],
      failed: [{ id: '2', errorType: 'INVALID_STATE_TRANSITION', description: 'no' }],
    });
    // Every id refused: the reply names each id in its description.
    expect(
      outcomeOfError(
        ['1', '2'],
        [
          { errorType: 'ORDER_NOT_FOUND', description: '1: Order not found' },
          { errorType: 'INVALID_STATE_TRANSITION', description: '2: Not now' },
        ],
      ),
    ).toEqual({
      succeeded: [],
      failed: [
        { id: '1', errorType: 'ORDER_NOT_FOUND', description: 'Order not found' },
        { id: '2', errorType: 'INVALID_STATE_TRANSITION', description: 'Not now' },
      ],
    });
    expect(outcomeOfError(['7'], [{ errorType: 'NO_ACCESS', description: 'No' }]).failed).toEqual([
      { id: '7', errorType: 'NO_ACCESS', description: 'No' },
    ]);
  });

  it('S4-FLOW-008 S7-CMD-041: a move sends the orders and the target department in MOVE_ORDERS', () => {
    expect(bulkPayload('move', ['1', '2'], { departmentId: '5', comment: 'x' })).toEqual({
      orderIds: ['1', '2'],
      departmentId: '5',
    });
    // The dialog confirms only with what the command needs.
    expect(bulkInputComplete('move', {})).toBe(false);
    expect(bulkInputComplete('move', { departmentId: '5' })).toBe(true);
    expect(bulkInputComplete('deviate', { reason: '' })).toBe(false);
    expect(bulkInputComplete('deviate', { reason: 'DAMAGED' })).toBe(true);
    expect(bulkInputComplete('deviate', { reason: 'OTHER', comment: ' ' })).toBe(false);
    expect(bulkInputComplete('deviate', { reason: 'OTHER', comment: 'Dog' })).toBe(true);
    expect(bulkInputComplete('delete', {})).toBe(true);
  });

  it('S7-CMD-041: a move of all or none sends MOVE_ORDERS_NEW; a refusal names its orders, the others are kept back', () => {
    expect(bulkCommandFor('move', { departmentId: '5' })).toBe('MOVE_ORDERS');
    expect(bulkCommandFor('move', { departmentId: '5', allOrNothing: true })).toBe(
      'MOVE_ORDERS_NEW',
    );
    expect(bulkCommandFor('delete', { allOrNothing: true })).toBe('DELETE_ORDERS');
    const refused = [{ errorType: 'INVALID_STATE_TRANSITION', description: '2: Deleted' }];
    expect(outcomeOfError(['1', '2'], refused, { description: 'kept back' }).failed).toEqual([
      { id: '1', description: 'kept back' },
      { id: '2', errorType: 'INVALID_STATE_TRANSITION', description: 'Deleted' },
    ]);
    // A refusal that names no order (the department) counts against every order alike.
    const none = [{ errorType: 'NOT_FOUND', description: 'No such department' }];
    expect(outcomeOfError(['1'], none, { description: 'kept back' }).failed).toEqual([
      { id: '1', errorType: 'NOT_FOUND', description: 'No such department' },
    ]);
  });

  it('S4-FLOW-008: a move goes to a plain department of the access, never the page’s own', () => {
    const options = [
      { id: 'group_1', name: 'North', group: true, members: ['5', '6'] },
      { id: '5', name: 'Bergen', group: false, members: ['5'] },
      { id: '6', name: 'Oslo', group: false, members: ['6'] },
    ];
    expect(moveTargets(options, '6')).toEqual([{ id: '5', name: 'Bergen' }]);
    expect(moveTargets(options, 'group_1')).toEqual([
      { id: '5', name: 'Bergen' },
      { id: '6', name: 'Oslo' },
    ]);
    expect(moveTargets(options.slice(0, 1), '6')).toEqual([]);
  });

  it('the bulk actions follow the commands’ permissions (MOVE_ORDERS: shipments or booking)', () => {
    const user = (role: string, access: string[]): AuthUser => ({
      id: '1',
      name: 'P',
      phoneNumber: '+4790000000',
      email: null,
      role,
      access,
      departmentIds: ['5'],
      customerId: null,
      courierId: null,
      requiresEmail: false,
      requiresPwd: false,
      hasPassword: false,
      csrfToken: 'x',
    });
    expect(allowedBulkActions(user('PLANNER', ['PLANNER_SHIPMENTS']))).toEqual([
      'delete',
      'collect',
      'deliver',
      'deviate',
      'return',
      'move',
    ]);
    expect(allowedBulkActions(user('PLANNER', ['PLANNER_BOOKING']))).toEqual(['delete', 'move']);
    expect(allowedBulkActions(user('PLANNER', ['PLANNER_ADDRESSES']))).toEqual([]);
    expect(allowedBulkActions(user('READ_ONLY_PLANNER', ['PLANNER_SHIPMENTS']))).toEqual([]);
  });
});
