import type {
  ConsignmentRow,
  CourierRow,
  SlotView,
  TemplateRow,
  UnitRow,
} from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { timeZoneFor, todayIn } from '../../i18n/locales';
import { useDepartmentOptions, type DepartmentOption } from '../../layout/useDepartments';
import { runQuery } from '../../shell/api';
import { loadAllRows, rowsKey, type RowsParams } from '../shipmentsData';
import {
  couriersKey,
  liveSlots,
  slotViewsKey,
  templatesKey,
  unitsKey,
  vehiclesKey,
  type SlotViewsParams,
} from './planningData';

/** The department (or group) of the URL: its member ids, name, time zone and today there. */
export function usePlanningDepartment(departmentId: string) {
  const options = useDepartmentOptions();
  const option: DepartmentOption | undefined = options.data?.find((d) => d.id === departmentId);
  const departmentIds = useMemo(() => option?.members ?? [], [option]);
  // A group's members may be in different countries; the first member's zone stands for it.
  const country =
    option?.country ??
    options.data?.find((d) => !d.group && d.id === option?.members[0])?.country ??
    null;
  const timeZone = timeZoneFor(country);
  /** The plain departments a slot or template of this page can belong to. */
  const members = useMemo(
    () => (options.data ?? []).filter((d) => !d.group && (option?.members ?? []).includes(d.id)),
    [options.data, option],
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

/** Query `slots` (spec §7) of the departments on a date: each slot with its load and points. */
export function useSlotViews(departmentIds: string[], date: string, includeProgress = false) {
  const params: SlotViewsParams = useMemo(
    () => ({ departmentIds, fromDate: date, toDate: date, includeProgress }),
    [departmentIds, date, includeProgress],
  );
  const query = useQuery({
    queryKey: slotViewsKey(params),
    enabled: departmentIds.length > 0,
    queryFn: () =>
      runQuery<SlotView[]>('slots', {
        departmentIds,
        fromDate: date,
        toDate: date,
        includeProgress,
      }),
  });
  const slots = useMemo(() => liveSlots(query.data ?? []), [query.data]);
  return { query, slots, key: slotViewsKey(params) };
}

/**
 * The day's consignments of the departments: the shipments grid's rows query and cache (the live
 * connection keeps both up to date), so the board and the grid share one copy.
 */
export function useDayConsignments(departmentIds: string[], date: string) {
  const params: RowsParams = useMemo(
    () => ({ departmentIds, fromDate: date, toDate: date, states: [] }),
    [departmentIds, date],
  );
  return useQuery({
    queryKey: rowsKey(params),
    enabled: departmentIds.length > 0,
    queryFn: async () => {
      const { rows, truncated } = await loadAllRows((offset, limit) =>
        runQuery<ConsignmentRow[]>('consignments', {
          departmentIds: params.departmentIds,
          fromDate: params.fromDate,
          toDate: params.toDate,
          limit,
          offset,
        }),
      );
      return { data: rows, truncated };
    },
  });
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
