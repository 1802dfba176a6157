import { describe, expect, it } from '@jest/globals';
import {
  advancedSearchPath,
  parseAdvancedSearch,
  parsePickupOrders,
  parseSimpleSearch,
  pickupOrdersPath,
  searchOrdersParams,
  simpleSearchPath,
} from './searchPaths';

describe('the search screens’ URLs (docs/decisions/0052)', () => {
  it('simple search: the phrase is the segment, the deleted orders a parameter; back and forth', () => {
    const view = parseSimpleSearch('70900010000000034', '?deleted=1');
    expect(view).toEqual({ phrase: '70900010000000034', deleted: true });
    expect(simpleSearchPath(view)).toBe('/planner/simple-search/70900010000000034?deleted=1');
    expect(simpleSearchPath({ phrase: ' 50% off ', deleted: false })).toBe(
      '/planner/simple-search/50%25%20off',
    );
    expect(parseSimpleSearch('50%', '')).toEqual({ phrase: '50%', deleted: false });
    expect(simpleSearchPath({ phrase: '', deleted: false })).toBe('/planner/simple-search');
  });

  it('S9-CONST-011: advanced search defaults to AND; states, customers and dates round-trip; wrong values are dropped', () => {
    expect(parseAdvancedSearch('', '')).toEqual({
      phrase: '',
      operator: 'AND',
      states: [],
      customerIds: [],
      fromDate: null,
      toDate: null,
    });
    const view = parseAdvancedSearch(
      'kari%20storgata',
      '?operator=OR&states=DELETED,NOPE,CREATED&customers=1,x,22&from=2026-03-01&to=2026-02-01',
    );
    expect(view).toEqual({
      phrase: 'kari storgata',
      operator: 'OR',
      states: ['DELETED', 'CREATED'],
      customerIds: ['1', '22'],
      fromDate: '2026-03-01',
      toDate: null,
    });
    expect(advancedSearchPath(view)).toBe(
      '/planner/advanced-search/kari%20storgata?operator=OR&states=DELETED,CREATED&customers=1,22&from=2026-03-01',
    );
    expect(parseAdvancedSearch('kari%20storgata', advancedSearchPath(view).split('?')[1]!)).toEqual(
      view,
    );
    expect(searchOrdersParams(view)).toEqual({
      searchPhrase: 'kari storgata',
      searchOperator: 'OR',
      advancedSearch: true,
      states: ['DELETED', 'CREATED'],
      customerIds: ['1', '22'],
      fromDate: '2026-03-01',
      limit: 1000,
    });
  });

  it('pickup orders: the dates of the path, today by default, the to date never before the from date', () => {
    expect(parsePickupOrders('', '2026-05-04')).toEqual({
      fromDate: '2026-05-04',
      toDate: '2026-05-04',
    });
    expect(parsePickupOrders('2026-05-01/2026-05-03', '2026-05-04')).toEqual({
      fromDate: '2026-05-01',
      toDate: '2026-05-03',
    });
    expect(parsePickupOrders('2026-05-03/2026-05-01', '2026-05-04').toDate).toBe('2026-05-03');
    expect(pickupOrdersPath('group_2', { fromDate: '2026-05-01', toDate: '2026-05-03' })).toBe(
      '/planner/group_2/pickup-orders/2026-05-01/2026-05-03',
    );
  });
});
