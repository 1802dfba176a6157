import { ASSIGNABLE_STATES, type ConsignmentRow, type CourierLocation } from '@nordlog/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { defaultTimeZone, todayIn } from '../i18n/locales';
import {
  departmentOptionsOf,
  departmentOptionsQuery,
  type DepartmentRow,
  type GroupRow,
} from '../layout/useDepartments';
import { courierLocationsKey } from '../planner/live/queries';
import {
  couriersKey,
  slotViewsKey,
  unitsKey,
  vehiclesKey,
  type SlotViewsParams,
} from '../planner/planning/planningData';
import { dayConsignmentsQuery } from '../planner/planning/queries';
import { pageSize, rowsKey } from '../planner/shipmentsData';
import { takeArrivedEarly } from '../shell/api';
import { earlyQueries, frameQueries } from './earlyData';

interface DepartmentsParams {
  departmentIds: string[];
}

/**
 * Where a main page's early answer (app/earlyData.ts) goes in the query cache: the key and the
 * value of the page's own query of it (the keys and `queryFn` results of the pages' hooks:
 * planning/queries.ts, live/queries.ts, useShipmentRows.ts), or null when the answer alone is not
 * the page's value (a full first page of rows, which more pages may follow).
 */
function cacheEntryOf(name: string, params: unknown, value: unknown): [QueryKey, unknown] | null {
  switch (name) {
    case 'slots':
      return [slotViewsKey(params as SlotViewsParams), value];
    case 'units':
      return [unitsKey((params as DepartmentsParams).departmentIds), value];
    case 'couriers':
      return [couriersKey((params as DepartmentsParams).departmentIds), value];
    case 'vehicles':
      return [vehiclesKey((params as DepartmentsParams).departmentIds), value];
    case 'courierLocationsByDepartmentId': {
      // One department's positions, as useCourierLocations keeps them (each courier once).
      const rows = value as CourierLocation[];
      const { departmentId } = params as { departmentId: string };
      return [
        courierLocationsKey([departmentId]),
        [...new Map(rows.map((r) => [String(r.id), r])).values()],
      ];
    }
    case 'consignments': {
      // The shipments page's rows (useShipmentRows, loadAllRows): a first page shorter than a
      // page is all of them.
      const rows = value as ConsignmentRow[];
      if (rows.length >= pageSize) return null;
      const { departmentIds, fromDate, toDate, states } = params as {
        departmentIds: string[];
        fromDate: string;
        toDate: string;
        states?: ConsignmentRow['state'][];
      };
      const key = rowsKey({ departmentIds, fromDate, toDate, states: states ?? [] });
      return [key, { data: [...new Map(rows.map((r) => [r.id, r])).values()], truncated: false }];
    }
    default:
      return null;
  }
}

/** The board of a day, or with a slot of it open, of a plain department (earlyData's paths). */
const BOARD_PATH =
  /^\/planner\/([1-9]\d{0,17})\/planning\/(?:(\d{4}-\d{2}-\d{2})|slots\/(\d{4}-\d{2}-\d{2})\/[1-9]\d{0,17})\/?$/;

/**
 * A planner page's first data in the query cache before the app's first render (issue 37 §5,
 * docs/decisions/0055-web-app-start-up.md). The entry asked for the department list and the main
 * page's first queries beside the session (app/earlyData.ts); those that have arrived are put in
 * the cache under the keys of the queries that would otherwise take them (`runQuery`), with the
 * values those queries make of them, so that the frame and the shipments page, the board or the
 * live view draw their data in the app's first render. Before, the department list was asked for
 * only as the app rendered, and the pages showed their loading state until it came (a second
 * render, a few hundred ms later). The board's consignments are asked for here too, not once the
 * board has rendered. An answer not yet arrived is left to the page's query, as before.
 */
export function seedStartData(
  client: QueryClient,
  path: string,
  /** Whether the user may open a route rule (nothing is asked for a page they may not open). */
  mayOpen: (rule: string) => boolean,
  now = new Date(),
): void {
  const seed = (key: QueryKey, value: unknown) => {
    if (client.getQueryState(key) === undefined)
      client.setQueryData(key, value, { updatedAt: now.getTime() });
  };
  const lists = frameQueries(path);
  const answers = lists.length > 0 ? takeArrivedEarly(lists, now.getTime()) : undefined;
  if (answers) {
    const [departments, groups] = answers as [DepartmentRow[], GroupRow[]];
    seed(departmentOptionsQuery.queryKey, departmentOptionsOf(departments, groups));
  }
  for (const [name, params] of earlyQueries(path, todayIn(defaultTimeZone, now))) {
    const arrived = takeArrivedEarly([[name, params]], now.getTime());
    const entry = arrived && cacheEntryOf(name, params, arrived[0]);
    if (entry) seed(entry[0], entry[1]);
  }
  const board = BOARD_PATH.exec(path);
  if (board && mayOpen('/planner/:departmentId/planning/*'))
    void client.prefetchQuery(
      dayConsignmentsQuery([board[1]!], (board[2] ?? board[3])!, ASSIGNABLE_STATES),
    );
}
