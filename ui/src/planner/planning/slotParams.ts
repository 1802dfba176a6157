import type { SlotViewsParams } from './planningData';

/**
 * The `slots` query's parameters (the board, dispatch, the live view), built in one place for the
 * pages and for the start-up's early answers (app/earlyData.ts): the same values in the same
 * order, so that the page's request is the one asked for early. No imports beyond types: the
 * entry bundle takes this module.
 */
export function slotViewsParams(
  departmentIds: string[],
  date: string,
  includeProgress = false,
  excludeRoutePoints = false,
  includeDriven = false,
): SlotViewsParams {
  return {
    departmentIds,
    fromDate: date,
    toDate: date,
    includeProgress,
    ...(excludeRoutePoints ? { excludeRoutePoints: true as const } : {}),
    ...(includeDriven ? { includeDriven: true as const } : {}),
  };
}
