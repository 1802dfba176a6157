import type { CourierLocation, SlotView, UnitRow } from '@nordlog/contracts';
import { isDriving, type ArrivalEstimate, type TimedPosition } from '@nordlog/contracts';
import { routeColour, routeLine } from '../../maps/routeLineData';
import { DEFAULT_CENTRES, DEFAULT_MARKER } from '../map/constants';

/**
 * The live view's pure pieces: its URLs, the map's defaults (spec §9), a route's colour, line and
 * markers, and where each courier is.
 */

/** Spec §9: default map zoom 12; the Norway centre is the only reachable default. */
export { DEFAULT_ZOOM } from '../map/constants';
export const DEFAULT_CENTRE = DEFAULT_CENTRES.NO;

type IconBox = { iconSize: [number, number]; iconAnchor: [number, number] };
/** Spec §9 default map marker (a courier's position): 42 × 42, anchored at 24, 24. */
export const COURIER_ICON: IconBox = {
  iconSize: [...DEFAULT_MARKER.iconSize],
  iconAnchor: [...DEFAULT_MARKER.iconAnchor],
};
/** A numbered stop of a route. */
export const STOP_ICON: IconBox = { iconSize: [24, 24], iconAnchor: [12, 12] };

/** The live view of a day, of a slot of it (spec §2), and the routes overview of a day. */
export const livePath = (departmentId: string, date: string, slotId?: string | null): string =>
  slotId
    ? `/planner/${departmentId}/live/${date}/slots/${slotId}`
    : `/planner/${departmentId}/live/${date}`;
export const overviewPath = (departmentId: string, date: string): string =>
  `/planner/${departmentId}/routes-overview/${date}`;

/**
 * The live view's path after `/live/`: `{date?}` or `{date}/slots/{slotId}` (spec §2); null for
 * anything else (the not-found page).
 */
export function liveSegments(rest: string | undefined): { date?: string; slotId?: string } | null {
  const parts = (rest ?? '').split('/').filter(Boolean);
  if (parts.length === 0) return {};
  if (parts.length === 1) return { date: parts[0] };
  if (parts.length === 3 && parts[1] === 'slots' && /^[1-9]\d{0,17}$/.test(parts[2]!))
    return { date: parts[0], slotId: parts[2] };
  return null;
}

/** A slot's colour and its route's line are every map's (ui/src/maps/routeLines.ts). */
export { routeColour, routeLine };

/**
 * A location row's position, made once per row object: a report replaces its courier's row in the
 * cached list and leaves the others as they were, so their positions are the same objects again.
 */
const positionOfRow = new WeakMap<CourierLocation, TimedPosition>();

function timedPosition(r: CourierLocation): TimedPosition {
  let position = positionOfRow.get(r);
  if (!position) {
    const at = Date.parse(r.at);
    position = { lat: r.latitude, lng: r.longitude, at: Number.isNaN(at) ? 0 : at };
    positionOfRow.set(r, position);
  }
  return position;
}

/** The latest position of each courier, by courier id. */
export function positionsByCourier(
  rows: readonly CourierLocation[] | undefined,
): Map<string, TimedPosition> {
  const out = new Map<string, TimedPosition>();
  for (const r of rows ?? []) {
    const position = timedPosition(r);
    const seen = out.get(String(r.id));
    if (!seen || position.at >= seen.at) out.set(String(r.id), position);
  }
  return out;
}

/**
 * The positions of `next` with the objects of `previous` kept where a courier's position did not
 * change (the same place at the same time), and `previous` itself when nothing changed: what is
 * drawn from an unchanged position stays as it is when another courier reports.
 */
export function keepUnchangedPositions(
  previous: ReadonlyMap<string, TimedPosition>,
  next: Map<string, TimedPosition>,
): ReadonlyMap<string, TimedPosition> {
  let same = previous.size === next.size;
  for (const [id, position] of next) {
    const seen = previous.get(id);
    if (seen && seen.lat === position.lat && seen.lng === position.lng && seen.at === position.at)
      next.set(id, seen);
    else same = false;
  }
  return same ? previous : next;
}

/**
 * The position of the courier who drives a slot, if it has reported one, and only while the slot
 * is driven: a position belongs to the route it was sent on, not to the courier's next slot
 * (issue 36: last night's position stood on the new day's slot).
 */
export const slotPosition = (
  slot: Pick<SlotView, 'courierId' | 'state'>,
  positions: ReadonlyMap<string, TimedPosition>,
): TimedPosition | null =>
  slot.courierId && isDriving(slot.state) ? (positions.get(String(slot.courierId)) ?? null) : null;

/**
 * What the map shows in full: every slot, or with a focused slot that slot alone (the others are
 * drawn dimmed). Returns the places the map fits itself to.
 */
export function focusPlaces(
  slots: readonly SlotView[],
  focus: string | null,
  positions: ReadonlyMap<string, TimedPosition>,
): [number, number][] {
  const shown = focus ? slots.filter((s) => String(s.id) === focus) : slots;
  return shown.flatMap((s) => {
    const courier = focus ? slotPosition(s, positions) : null;
    return [
      ...routeLine(s.routePoints ?? []),
      ...(courier ? [[courier.lat, courier.lng] as [number, number]] : []),
    ];
  });
}

/** A slot as the live view draws it: its route in its colour, and its stops' estimated arrivals. */
export interface LiveSlot {
  slot: SlotView;
  colour: string;
  estimates: ReadonlyMap<string, ArrivalEstimate>;
}

/** What a slot's item was made of: the same inputs make the same item. */
interface SlotItemInputs {
  slot: SlotView;
  unit: UnitRow | undefined;
  position: TimedPosition | null;
  colour: string;
  timeZone: string;
  item: LiveSlot;
}

/**
 * The live view's slots with their estimates, made again only for a slot whose inputs changed
 * (the slot with its stops, its unit, its courier's position, its colour or the zone): a courier's
 * report recomputes its own slot's estimates, and every other slot keeps its item (the same
 * object), so what draws it need not draw again. Keep one per page (`new SlotItems()`).
 */
export class SlotItems {
  private made = new Map<string, SlotItemInputs>();

  constructor(
    private readonly estimate: (
      slot: SlotView,
      unit: UnitRow | undefined,
      position: TimedPosition | null,
      timeZone: string,
    ) => ReadonlyMap<string, ArrivalEstimate>,
  ) {}

  items(
    slots: readonly SlotView[],
    units: readonly UnitRow[] | undefined,
    positions: ReadonlyMap<string, TimedPosition>,
    timeZone: string,
  ): LiveSlot[] {
    const unitById = new Map((units ?? []).map((u) => [String(u.id), u]));
    const made = new Map<string, SlotItemInputs>();
    const out = slots.map((slot, i) => {
      const unit = slot.unitId ? unitById.get(String(slot.unitId)) : undefined;
      const colour = routeColour(unit, i);
      const position = slotPosition(slot, positions);
      const seen = this.made.get(String(slot.id));
      const inputs =
        seen &&
        seen.slot === slot &&
        seen.unit === unit &&
        seen.position === position &&
        seen.colour === colour &&
        seen.timeZone === timeZone
          ? seen
          : {
              slot,
              unit,
              position,
              colour,
              timeZone,
              item: { slot, colour, estimates: this.estimate(slot, unit, position, timeZone) },
            };
      made.set(String(slot.id), inputs);
      return inputs.item;
    });
    this.made = made;
    return out;
  }
}

/**
 * The slot of the day each courier drives, by courier id: one under way first, else its first
 * slot. One pass over the slots (not one per courier: every report asks again for every courier).
 */
export function drivenSlots(slots: readonly LiveSlot[]): Map<string, LiveSlot> {
  const out = new Map<string, LiveSlot>();
  for (const s of slots) {
    if (s.slot.courierId === null || s.slot.courierId === undefined) continue;
    const id = String(s.slot.courierId);
    const seen = out.get(id);
    if (!seen || (!isDriving(seen.slot.state) && isDriving(s.slot.state))) out.set(id, s);
  }
  return out;
}

const MINUTE_MS = 60_000;

/**
 * The same estimate as a stop shows it: the same minute and lateness. A courier's report
 * recomputes its slot's estimates, and every remaining stop's arrival moves by seconds; a stop
 * that compared the raw arrival drew again on every report (its tooltip and list row show the
 * minute): most of what the reports allocated, collected later in frames over 16.7 ms (bench:map,
 * decision record 0027). The epoch minute is the shown minute in every zone whose offset is whole minutes (all of today's).
 */
export function sameShownEstimate(
  a: ArrivalEstimate | undefined,
  b: ArrivalEstimate | undefined,
): boolean {
  return (
    a === b ||
    (!!a &&
      !!b &&
      a.key === b.key &&
      a.late === b.late &&
      Math.floor(a.arrival / MINUTE_MS) === Math.floor(b.arrival / MINUTE_MS))
  );
}
