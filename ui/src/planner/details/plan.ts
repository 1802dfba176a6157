import type { RoutePoint, SlotView } from '@nordlog/contracts';

/** One of the shipment's own stops on its route: its number among the visits, and its times. */
export interface PlannedStop {
  kind: 'pickup' | 'delivery';
  /** 1-based among the route's visits, breaks not counted (the label's stop number). */
  number: number;
  /** The planned arrival and the start of service (ISO): the later of arrival and window start. */
  arrival: string;
  start: string;
  waitingMinutes: number;
  late: boolean;
  done: boolean;
}

/** What the details panel says of the route a shipment is planned on (issue 36). */
export interface ShipmentPlan {
  slotName: string;
  date: string;
  timeFrom: string;
  timeTo: string | null;
  state: SlotView['state'];
  courierName: string | null;
  unitName: string | null;
  /** The route's visits, breaks not counted. */
  visits: number;
  /** The shipment's pickup and delivery on the route, in route order; empty until it has points. */
  stops: PlannedStop[];
}

const isVisit = (p: RoutePoint): p is RoutePoint & { type: 'pickup' | 'delivery' } =>
  p.type === 'pickup' || p.type === 'delivery';

/**
 * The shipment's place on its slot's route from the slot's schedule (query `slotById`): its
 * stops numbered as the label numbers them, with the arrival the board shows, and who drives.
 */
export function shipmentPlan(
  slot: SlotView,
  consignmentId: string,
  names: { courier?: string | null; unit?: string | null } = {},
): ShipmentPlan {
  const visits = [...(slot.routePoints ?? [])]
    .sort((a, b) => a.sequence - b.sequence)
    .filter(isVisit);
  const stops = visits.flatMap((p, i): PlannedStop[] =>
    p.consignmentId === consignmentId
      ? [
          {
            kind: p.type,
            number: i + 1,
            arrival: p.arrival,
            start: p.start,
            waitingMinutes: p.waitingMinutes,
            late: p.late,
            done: p.done,
          },
        ]
      : [],
  );
  return {
    slotName: slot.name,
    date: slot.date,
    timeFrom: slot.timeFrom,
    timeTo: slot.timeTo,
    state: slot.state,
    courierName: slot.courierId ? (names.courier ?? null) : null,
    unitName: slot.unitId ? (names.unit ?? null) : null,
    visits: visits.length,
    stops,
  };
}
