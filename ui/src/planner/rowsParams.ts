import type { RowsParams } from './shipmentsData';

/**
 * One page of the `consignments` query of a shipments list (RowsParams), built in one place for
 * the shipments page and for the start-up's early answers (app/earlyData.ts): the same values in
 * the same order. No imports beyond types: the entry bundle takes this module.
 */
export const consignmentsPageParams = (params: RowsParams, offset: number, limit: number) => ({
  departmentIds: params.departmentIds,
  fromDate: params.fromDate,
  toDate: params.toDate,
  ...(params.states.length > 0 ? { states: params.states } : {}),
  limit,
  offset,
});
