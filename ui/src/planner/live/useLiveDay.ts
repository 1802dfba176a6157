import { useMemo, useState } from 'react';
import { allSlotGroups, slotShown, type SlotFilterGroup } from '../planning/planningData';
import { useDaySlots } from '../planning/queries';
import { isDriving, slotEstimates } from '@nordlog/contracts';
import type { MapCourier, MapSlot } from './LiveMap';
import { focusPlaces, positionsByCourier, routeColour, slotPosition } from './liveData';
import { useCourierLocations } from './queries';

/**
 * Everything the live view of a day shows, kept live by the socket: the day's slots with their
 * routes (query `slots`), their units' colours and speeds, the couriers' latest positions, and
 * the estimated arrivals of the driven slots' remaining stops, computed again whenever a slot,
 * a unit or a position changes.
 */
export function useLiveDay(departmentId: string, dateParam: string | undefined, slotId?: string) {
  const { dep, date, slots, query, loading, units, couriers } = useDaySlots(
    departmentId,
    dateParam,
    {
      includeProgress: true,
    },
  );
  const locations = useCourierLocations(dep.departmentIds);
  const [groups, setGroups] = useState<Record<SlotFilterGroup, boolean>>(allSlotGroups);
  const focused = slots.find((s) => String(s.id) === slotId) ?? null;
  const focus = focused ? String(focused.id) : null;
  const positions = useMemo(() => positionsByCourier(locations.data), [locations.data]);

  const mapSlots = useMemo((): MapSlot[] => {
    const unitById = new Map((units.data ?? []).map((u) => [String(u.id), u]));
    const now = Date.now();
    return slots.map((slot, i) => {
      const unit = slot.unitId ? unitById.get(String(slot.unitId)) : undefined;
      return {
        slot,
        colour: routeColour(unit, i),
        estimates: slotEstimates(slot, unit, slotPosition(slot, positions), dep.timeZone, now),
      };
    });
  }, [slots, units.data, positions, dep.timeZone]);

  const shown = useMemo(
    () => mapSlots.filter((s) => slotShown(s.slot.state, groups) || s.slot.id === focused?.id),
    [mapSlots, groups, focused],
  );

  const mapCouriers = useMemo((): MapCourier[] => {
    const names = new Map((couriers.data ?? []).map((c) => [String(c.id), c.name]));
    return [...positions].map(([id, position]) => {
      const driven = drivenSlot(mapSlots, id);
      return {
        id,
        position,
        name: names.get(id) ?? id,
        colour: driven?.colour ?? '#424242',
        inFocus: !focus || String(driven?.slot.id) === focus,
      };
    });
  }, [positions, couriers.data, mapSlots, focus]);

  const places = useMemo(
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
    places,
    positions,
    courierName: (id: string | null) =>
      id ? (couriers.data?.find((c) => String(c.id) === String(id))?.name ?? id) : null,
  };
}

/** The slot of the day a courier drives: one under way first, else its first slot. */
function drivenSlot(slots: readonly MapSlot[], courierId: string): MapSlot | undefined {
  const mine = slots.filter((s) => String(s.slot.courierId) === courierId);
  return mine.find((s) => isDriving(s.slot.state)) ?? mine[0];
}

export type LiveDay = ReturnType<typeof useLiveDay>;

/** What a panel beside the map shows a slot with: the slot, the day and the department. */
export interface SlotPanelProps {
  item: MapSlot;
  day: LiveDay;
  departmentId: string;
}
