import type {
  ConsignmentRow,
  ConsignmentRowField,
  ConsignmentState,
  CourierRow,
  SlotView,
  TemplateRow,
  UnitRow,
} from '@nordlog/contracts';
import {
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { timeZoneFor, todayIn } from '../../i18n/locales';
import {
  departmentMembers,
  useDepartmentOptions,
  type DepartmentOption,
} from '../../layout/useDepartments';
import { useLiveDates } from '../../live/LiveProvider';
import { runQuery } from '../../shell/api';
import { loadPagesInParallel } from '../map/loadPages';
import { rowsKey, type RowsParams } from '../shipmentsData';
import {
  boardDate,
  couriersKey,
  liveSlots,
  slotViewsKey,
  templatesKey,
  unitsKey,
  vehiclesKey,
  type SlotViewsParams,
} from './planningData';
import { slotViewsParams } from './slotParams';

/**
 * The time zone of a URL's department (or group) (the default zone until the department list
 * has come). A group's members may be in different countries; the first member's zone stands for
 * it.
 */
export function planningTimeZone(
  departmentId: string,
  options: readonly DepartmentOption[] | undefined,
): string {
  const option = options?.find((d) => d.id === departmentId);
  const country =
    option?.country ??
    options?.find((d) => !d.group && d.id === option?.members[0])?.country ??
    null;
  return timeZoneFor(country);
}

/** The department (or group) of the URL: its member ids, name, time zone and today there. */
export function usePlanningDepartment(departmentId: string) {
  const options = useDepartmentOptions();
  const option: DepartmentOption | undefined = options.data?.find((d) => d.id === departmentId);
  const departmentIds = useMemo(
    () => departmentMembers(departmentId, options.data),
    [departmentId, options.data],
  );
  const timeZone = planningTimeZone(departmentId, options.data);
  /** The plain departments a slot or template of this page can belong to. */
  const members = useMemo(
    () => (options.data ?? []).filter((d) => !d.group && departmentIds.includes(d.id)),
    [options.data, departmentIds],
  );
  return {
    loading: options.isPending,
    option,
    departmentIds,
    members,
    timeZone,
    today: todayIn(timeZone),
  };
}

/**
 * Starts a query while the page renders, before its first commit (a page's effects, where
 * `useQuery` would start it, wait for the whole first render): the data is on its way while the
 * rest of the page is drawn. Nothing happens when the query is cached, pending or disabled.
 */
function usePrefetch<T>(options: UseQueryOptions<T, Error, T, QueryKey>, enabled: boolean) {
  const client = useQueryClient();
  if (enabled && !client.getQueryState(options.queryKey)) void client.prefetchQuery(options);
}

/**
 * Query `slots` (spec §7) of the departments on a date: each slot with its load and points (none
 * with `excludeRoutePoints`, for screens that show only a slot's figures).
 */
export function useSlotViews(
  departmentIds: string[],
  date: string,
  includeProgress = false,
  excludeRoutePoints = false,
  includeDriven = false,
) {
  const params: SlotViewsParams = useMemo(
    () => slotViewsParams(departmentIds, date, includeProgress, excludeRoutePoints, includeDriven),
    [departmentIds, date, includeProgress, excludeRoutePoints, includeDriven],
  );
  const options = {
    queryKey: slotViewsKey(params),
    queryFn: () => runQuery<SlotView[]>('slots', params),
  };
  const enabled = departmentIds.length > 0;
  usePrefetch(options, enabled);
  const query = useQuery({ ...options, enabled });
  const slots = useMemo(() => liveSlots(query.data ?? []), [query.data]);
  return { query, slots, key: slotViewsKey(params) };
}

/** The day and the dates of the slots shown (earlier driven ones), as one key: `a,b`. */
const liveDatesOf = (date: string, slots: readonly SlotView[]): string =>
  [...new Set([date, ...slots.map((s) => s.date)])].sort().join(',');

const ANY_STATE: readonly ConsignmentState[] = [];

/**
 * The day's consignments of the departments (of these states; none: all) through the shipments
 * grid's rows query and cache: the live connection keeps them up to date, and a row whose state
 * leaves the list's states leaves the list. Its pages are asked several at a time (a large day is
 * several pages of 5,000), with the answer of loading them one after another (`loadAllRows`).
 */
export function useDayConsignments<F extends ConsignmentRowField = ConsignmentRowField>(
  departmentIds: string[],
  date: string,
  states: readonly ConsignmentState[] = ANY_STATE,
  /** Only these fields of each row (a screen of many rows that draws few fields); all without. */
  fields?: readonly F[],
) {
  const options = useMemo(
    () => dayConsignmentsQuery(departmentIds, date, states, fields),
    [departmentIds, date, states, fields],
  );
  const enabled = departmentIds.length > 0;
  usePrefetch(options, enabled);
  return useQuery({ ...options, enabled });
}

/**
 * The query of `useDayConsignments`: its key and the load of every page, for the hook and for a
 * prefetch that starts before the page has loaded (the same key: the page finds it on its way).
 */
export function dayConsignmentsQuery<F extends ConsignmentRowField = ConsignmentRowField>(
  departmentIds: string[],
  date: string,
  states: readonly ConsignmentState[] = ANY_STATE,
  fields?: readonly F[],
) {
  const params: RowsParams = {
    departmentIds,
    fromDate: date,
    toDate: date,
    states: [...states],
    ...(fields ? { fields: [...fields] } : {}),
  };
  return {
    queryKey: rowsKey(params),
    queryFn: async () => {
      const { rows, truncated } = await loadPagesInParallel<Pick<ConsignmentRow, F | 'id'>>(
        (offset, limit) =>
          runQuery<Pick<ConsignmentRow, F | 'id'>[]>('consignments', {
            departmentIds: params.departmentIds,
            fromDate: params.fromDate,
            toDate: params.toDate,
            ...(params.states.length > 0 ? { states: params.states } : {}),
            ...(params.fields ? { fields: params.fields } : {}),
            limit,
            offset,
          }),
      );
      return { data: rows, truncated };
    },
  };
}

export function useTemplates(departmentIds: string[], enabled = true) {
  return useQuery({
    queryKey: templatesKey(departmentIds),
    enabled: enabled && departmentIds.length > 0,
    queryFn: () => runQuery<TemplateRow[]>('templatesByDepartmentIds', { departmentIds }),
    select: (rows) => rows.filter((t) => !t.deleted),
  });
}

/** The active units of the departments (query `units`), by name. */
export function useUnits(departmentIds: string[]) {
  return useQuery({
    queryKey: unitsKey(departmentIds),
    enabled: departmentIds.length > 0,
    staleTime: 60_000,
    queryFn: () => runQuery<UnitRow[]>('units', { departmentIds }),
    select: (rows) =>
      rows.filter((u) => u.isActive !== false).sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/** The vehicle records of, or assigned to, the departments (query `vehicles`, spec §7). */
export function useVehicles(departmentIds: string[]) {
  return useQuery({
    queryKey: vehiclesKey(departmentIds),
    enabled: departmentIds.length > 0,
    staleTime: 60_000,
    queryFn: () => runQuery<UnitRow[]>('vehicles', { departmentIds }),
    select: (rows) =>
      rows.filter((u) => u.isActive !== false).sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/** The courier users of the departments (query `couriers`), by name. */
export function useCouriers(departmentIds: string[]) {
  return useQuery({
    queryKey: couriersKey(departmentIds),
    enabled: departmentIds.length > 0,
    staleTime: 60_000,
    queryFn: () => runQuery<CourierRow[]>('couriers', { departmentIds }),
    select: (rows) => rows.filter((c) => !c.deleted).sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/**
 * A screen of one day's slots (dispatch, the live view, the routes overview): the department of
 * the URL, its day (the URL's date, else today there) followed by the live connection, the day's
 * slot views, and the units and couriers they name. With `includeDriven`, today's screen also
 * keeps the earlier days' slots still driven (a route belongs to its date until it is finished),
 * and the live connection follows their dates too.
 */
export function useDaySlots(
  departmentId: string,
  dateParam: string | undefined,
  views: { includeProgress?: boolean; excludeRoutePoints?: boolean; includeDriven?: boolean } = {},
) {
  const dep = usePlanningDepartment(departmentId);
  const date = boardDate(dateParam, dep.today);
  const { slots, query } = useSlotViews(
    dep.departmentIds,
    date,
    views.includeProgress,
    views.excludeRoutePoints,
    !!views.includeDriven && date === dep.today,
  );
  const dates = liveDatesOf(date, slots);
  useLiveDates(useMemo(() => dates.split(','), [dates]));
  const units = useUnits(dep.departmentIds);
  const couriers = useCouriers(dep.departmentIds);
  /** Still loading the day (a department without members has none to load). */
  const loading = query.isPending && dep.departmentIds.length > 0;
  return { dep, date, slots, query, loading, units, couriers };
}
