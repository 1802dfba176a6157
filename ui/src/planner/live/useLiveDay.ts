import { useCallback, useMemo, useRef, useState } from 'react';
import { allSlotGroups, slotShown, type SlotFilterGroup } from '../planning/planningData';
import { useDaySlots } from '../planning/queries';
import { slotEstimates } from '@nordlog/contracts';
import type { MapCourier, MapSlot } from './LiveMap';
import type { TimedPosition } from '@nordlog/contracts';
import {
  drivenSlots,
  focusPlaces,
  keepUnchangedPositions,
  positionsByCourier,
  SlotItems,
} from './liveData';
import { useCourierLocations } from './queries';

/**
 * Everything the live view of a day shows, kept live by the socket: the day's slots with their
 * routes (query `slots`), their units' colours and speeds, the couriers' latest positions, and
 * the estimated arrivals of the driven slots' remaining stops, computed again whenever a slot,
 * a unit or a position changes.
 *
 * A change costs what it changes: a courier's report recomputes its own slot's estimates, and
 * every other slot, position and courier keeps its object, so the map and the lists draw again
 * only what moved (their parts are memoised on these objects).
 */
export function useLiveDay(departmentId: string, dateParam: string | undefined, slotId?: string) {
  const { dep, date, slots, query, loading, units, couriers } = useDaySlots(
    departmentId,
    dateParam,
    { includeProgress: true, includeDriven: true },
  );
  const locations = useCourierLocations(dep.departmentIds);
  const [groups, setGroups] = useState<Record<SlotFilterGroup, boolean>>(allSlotGroups);
  const focused = slots.find((s) => String(s.id) === slotId) ?? null;
  const focus = focused ? String(focused.id) : null;
  const previousPositions = useRef<ReadonlyMap<string, TimedPosition>>(new Map());
  const positions = useMemo(() => {
    const next = keepUnchangedPositions(
      previousPositions.current,
      positionsByCourier(locations.data),
    );
    previousPositions.current = next;
    return next;
  }, [locations.data]);

  // One per page: each slot's item is made again only when its own inputs change.
  const [slotItems] = useState(
    () =>
      new SlotItems((slot, unit, position, timeZone) =>
        slotEstimates(slot, unit, position, timeZone, Date.now()),
      ),
  );
  const mapSlots = useMemo(
    (): MapSlot[] => slotItems.items(slots, units.data, positions, dep.timeZone),
    [slotItems, slots, units.data, positions, dep.timeZone],
  );

  const shown = useMemo(
    () => mapSlots.filter((s) => slotShown(s.slot.state, groups) || s.slot.id === focused?.id),
    [mapSlots, groups, focused],
  );

  // A courier whose marker shows the same as before keeps its object (its marker does not draw).
  const previousCouriers = useRef<ReadonlyMap<string, MapCourier>>(new Map());
  const mapCouriers = useMemo((): MapCourier[] => {
    const names = new Map((couriers.data ?? []).map((c) => [String(c.id), c.name]));
    const driving = drivenSlots(mapSlots);
    const out = [...positions].map(([id, position]): MapCourier => {
      const driven = driving.get(id);
      const next: MapCourier = {
        id,
        position,
        name: names.get(id) ?? id,
        colour: driven?.colour ?? '#424242',
        inFocus: !focus || String(driven?.slot.id) === focus,
      };
      const seen = previousCouriers.current.get(id);
      return seen &&
        seen.position === next.position &&
        seen.name === next.name &&
        seen.colour === next.colour &&
        seen.inFocus === next.inFocus
        ? seen
        : next;
    });
    previousCouriers.current = new Map(out.map((c) => [c.id, c]));
    return out;
  }, [positions, couriers.data, mapSlots, focus]);

  // Computed only when the map asks (until it has fitted itself), not on every report: the
  // routes of a whole day are thousands of points.
  const placesOf = useCallback(
    () =>
      focusPlaces(
        shown.map((s) => s.slot),
        focus,
        positions,
      ),
    [shown, focus, positions],
  );

  return {
    dep,
    date,
    query,
    loading,
    groups,
    setGroups,
    focused: focused ? mapSlots.find((s) => s.slot.id === focused.id)! : null,
    shown,
    mapCouriers,
    placesOf,
    positions,
    courierName: useCallback(
      (id: string | null) =>
        id ? (couriers.data?.find((c) => String(c.id) === String(id))?.name ?? id) : null,
      [couriers.data],
    ),
  };
}

export type LiveDay = ReturnType<typeof useLiveDay>;

/** What a panel beside the map shows a slot with: the slot, the day and the department. */
export interface SlotPanelProps {
  item: MapSlot;
  day: LiveDay;
  departmentId: string;
}
