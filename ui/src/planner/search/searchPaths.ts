import { consignmentStates, type ConsignmentState } from '@nordlog/contracts';

/**
 * The URL views of the search screens and the pickup-orders screen (spec §2;
 * docs/decisions/0052-search-screens.md). Each screen's route is its base and a splat: the phrase
 * (or the dates) are its segments, the other parameters the query string, so a link or the back
 * button brings the same search.
 */

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const idList = /^\d{1,18}$/;

/** A segment of a splat as typed (a phrase with a percent sign of its own stays as it is). */
function segment(value: string | undefined): string {
  if (value === undefined || value === '-') return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `/planner/simple-search/{shipmentId?}`: a shipment (or any phrase) across every date. */
export interface SimpleSearchView {
  phrase: string;
  /** Search the deleted orders instead (searchDeletedOrders), to restore one. */
  deleted: boolean;
}

export function parseSimpleSearch(splat: string, query: string): SimpleSearchView {
  const params = new URLSearchParams(query);
  return { phrase: segment(splat.split('/')[0]), deleted: params.get('deleted') === '1' };
}

export function simpleSearchPath(view: SimpleSearchView): string {
  const phrase = view.phrase.trim();
  return `/planner/simple-search${phrase ? `/${encodeURIComponent(phrase)}` : ''}${
    view.deleted ? '?deleted=1' : ''
  }`;
}

/** `/planner/advanced-search/{searchPhrase?}` and the searchOrders parameters (spec §7). */
export interface AdvancedSearchView {
  phrase: string;
  operator: 'AND' | 'OR';
  states: ConsignmentState[];
  customerIds: string[];
  fromDate: string | null;
  toDate: string | null;
}

const listOf = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

export function parseAdvancedSearch(splat: string, query: string): AdvancedSearchView {
  const params = new URLSearchParams(query);
  const from = params.get('from');
  const to = params.get('to');
  const fromDate = from && isoDate.test(from) ? from : null;
  return {
    phrase: segment(splat.split('/')[0]),
    // Spec §9: orders combine words with AND unless told.
    operator: params.get('operator') === 'OR' ? 'OR' : 'AND',
    states: listOf(params.get('states')).filter((s): s is ConsignmentState =>
      (consignmentStates as readonly string[]).includes(s),
    ),
    customerIds: listOf(params.get('customers')).filter((c) => idList.test(c)),
    fromDate,
    toDate: to && isoDate.test(to) && (!fromDate || to >= fromDate) ? to : null,
  };
}

export function advancedSearchPath(view: AdvancedSearchView): string {
  const params = new URLSearchParams();
  if (view.operator === 'OR') params.set('operator', 'OR');
  if (view.states.length > 0) params.set('states', view.states.join(','));
  if (view.customerIds.length > 0) params.set('customers', view.customerIds.join(','));
  if (view.fromDate) params.set('from', view.fromDate);
  if (view.toDate) params.set('to', view.toDate);
  const phrase = view.phrase.trim();
  const query = params.toString().replace(/%2C/g, ',');
  return `/planner/advanced-search${phrase ? `/${encodeURIComponent(phrase)}` : ''}${
    query ? `?${query}` : ''
  }`;
}

/** The searchOrders parameters of a view (spec §7); the advanced search reads every text. */
export function searchOrdersParams(view: AdvancedSearchView) {
  return {
    searchPhrase: view.phrase.trim(),
    searchOperator: view.operator,
    advancedSearch: true,
    ...(view.states.length > 0 ? { states: view.states } : {}),
    ...(view.customerIds.length > 0 ? { customerIds: view.customerIds } : {}),
    ...(view.fromDate ? { fromDate: view.fromDate } : {}),
    ...(view.toDate ? { toDate: view.toDate } : {}),
    limit: 1000,
  };
}

/** `/planner/{dep}/pickup-orders/{fromDate?}/{toDate?}` (default: today). */
export interface PickupOrdersView {
  fromDate: string;
  toDate: string;
}

export function parsePickupOrders(splat: string, today: string): PickupOrdersView {
  const [from, to] = splat.split('/').map(segment);
  const fromDate = from && isoDate.test(from) ? from : today;
  return { fromDate, toDate: to && isoDate.test(to) && to >= fromDate ? to : fromDate };
}

export function pickupOrdersPath(departmentId: string, view: PickupOrdersView): string {
  return `/planner/${departmentId}/pickup-orders/${view.fromDate}/${view.toDate}`;
}
