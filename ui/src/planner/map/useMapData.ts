import type { DepartmentRow, SlotView } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { MAP_FIELDS } from './filters';
import { useMemo } from 'react';
import { runQuery } from '../../shell/api';
import { liveSlots, slotViewsKey } from '../planning/planningData';
import { useDayConsignments, usePlanningDepartment } from '../planning/queries';

/**
 * The day's slots with their own fields only (query `slots` with `shallowFetch`: state, name and
 * stops, no schedule), in the slot views' cache: a pushed change to a slot or to a consignment on
 * one fetches that slot again (`refreshSlotViews` asks with the same parameters), and a planning
 * command refetches the list.
 */
function useShallowSlots(departmentIds: string[], date: string) {
  const query = useMemo(() => shallowSlotsQuery(departmentIds, date), [departmentIds, date]);
  return useQuery({ ...query, enabled: departmentIds.length > 0, select: liveSlots });
}

/** The query of the map's slots (also for a prefetch before the page has loaded). */
export function shallowSlotsQuery(departmentIds: string[], date: string) {
  const params = {
    departmentIds,
    fromDate: date,
    toDate: date,
    includeProgress: false,
    shallowFetch: true as const,
  };
  return {
    queryKey: slotViewsKey(params),
    queryFn: () => runQuery<SlotView[]>('slots', params),
  };
}

/** Where the departments are (the map's centre markers). */
function useDepartmentRows(departmentIds: string[]) {
  return useQuery({
    ...departmentRowsQuery(departmentIds),
    enabled: departmentIds.length > 0,
  });
}

/** The query of the departments' places (also for a prefetch before the page has loaded). */
export function departmentRowsQuery(departmentIds: string[]) {
  return {
    queryKey: ['mapDepartments', departmentIds],
    staleTime: 60_000,
    queryFn: () => runQuery<DepartmentRow[]>('departments', { ids: departmentIds }),
  };
}

/**
 * What the map shows for a department (or group) on a date: the day's consignments (every state,
 * paged 5,000 at a time, kept up to date by the socket as the shipments grid's are), its slots
 * and its departments' places.
 */
export function useMapData(departmentId: string, date: string | null) {
  const dep = usePlanningDepartment(departmentId);
  const day = date ?? dep.today;
  const rows = useDayConsignments(dep.departmentIds, day, undefined, MAP_FIELDS);
  const slots = useShallowSlots(dep.departmentIds, day);
  const departments = useDepartmentRows(dep.departmentIds);
  return { dep, date: day, rows, slots, departments };
}
