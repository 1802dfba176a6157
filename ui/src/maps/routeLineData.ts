import {
  REST_BREAK,
  stopKey,
  type RoutePoint,
  type RouteStop,
  type UnitRow,
} from '@nordlog/contracts';

/**
 * Routes as lines on a map (docs/decisions/0037-planmap.md), the pure part: which places, in
 * which order, in which colour. `RouteLines` draws what this answers, on every map that shows
 * routes (the live map, the planning board's, the suggested route's comparison, the planner map).
 */

export type LatLng = [number, number];

/** Which route of a slot a line is: the one planned, or one the optimiser suggests. */
export type RouteKind = 'current' | 'suggested';

/** A line to draw: its slot, which of the slot's routes, its colour and its places in order. */
export interface RouteLineSpec {
  slotId: string;
  kind: RouteKind;
  colour: string;
  /** Dashed: a suggestion, drawn beside the current route. */
  dashed: boolean;
  latlngs: LatLng[];
}

/** Colours for routes whose unit names none (the unit form's default white is invisible). */
export const ROUTE_PALETTE = [
  '#1565c0',
  '#c62828',
  '#2e7d32',
  '#6a1b9a',
  '#ef6c00',
  '#00838f',
  '#ad1457',
] as const;

/** A slot's colour on a map: its unit's, else one of the palette by the slot's place. */
export function routeColour(unit: Pick<UnitRow, 'color'> | undefined, index: number): string {
  const colour = unit?.color?.toLowerCase();
  return colour && /^#[0-9a-f]{6}$/.test(colour) && colour !== '#ffffff'
    ? colour
    : ROUTE_PALETTE[index % ROUTE_PALETTE.length]!;
}

/** Each slot's colour by `routeColour` (its place: its index in the day's list), by slot id. */
export function slotRouteColours(
  slots: readonly { id: string; unitId: string | null }[],
  units: readonly Pick<UnitRow, 'id' | 'color'>[] | undefined,
): Map<string, string> {
  const unitById = new Map((units ?? []).map((u) => [String(u.id), u]));
  return new Map(
    slots.map((s, i) => [
      s.id,
      routeColour(s.unitId ? unitById.get(String(s.unitId)) : undefined, i),
    ]),
  );
}

/** The places of a route in order (a break, or a stop without coordinates, is passed over). */
export const routeLine = (points: readonly RoutePoint[]): LatLng[] =>
  points.flatMap((p) =>
    p.type !== REST_BREAK && p.lat !== null && p.lng !== null ? [[p.lat, p.lng] as LatLng] : [],
  );

/**
 * The places of a route given as its stops (a slot's `stops`, the map page's shallow slots),
 * each placed by `placeOf` (the consignment's pickup or delivery); a break, or a stop whose place
 * is not known, is passed over.
 */
export function stopsLine(
  stops: readonly RouteStop[],
  placeOf: (consignmentId: string, kind: 'pickup' | 'delivery') => LatLng | null,
): LatLng[] {
  return stops.flatMap((s) => {
    if (s.kind === REST_BREAK) return [];
    const place = placeOf(s.consignmentId, s.kind);
    return place ? [place] : [];
  });
}

/**
 * A route's points in the order of its stops (a reorder waiting for the server shows at once);
 * points of stops not in the order are left out, as the slot's card leaves them out.
 */
export function pointsInOrder(
  points: readonly RoutePoint[],
  order: readonly RouteStop[],
): RoutePoint[] {
  const byKey = new Map(points.map((p) => [p.key, p]));
  return order.flatMap((s) => {
    const p = byKey.get(stopKey(s));
    return p ? [p] : [];
  });
}

/** The lines worth drawing: two places or more (one place is no line; its marker shows it). */
export const drawable = (lines: readonly RouteLineSpec[]): RouteLineSpec[] =>
  lines.filter((l) => l.latlngs.length > 1);

/** Every place of the lines (to fit a map to them). */
export const placesOf = (lines: readonly RouteLineSpec[]): LatLng[] =>
  lines.flatMap((l) => l.latlngs);

/**
 * The current route solid and the suggestion dashed, both in the slot's colour (the suggested
 * route's comparison).
 */
export function comparisonLines(
  slotId: string,
  colour: string,
  current: readonly RoutePoint[],
  suggested: readonly RoutePoint[],
): RouteLineSpec[] {
  return [
    { slotId, kind: 'current', colour, dashed: false, latlngs: routeLine(current) },
    { slotId, kind: 'suggested', colour, dashed: true, latlngs: routeLine(suggested) },
  ];
}

/** Two lines are the same: slot, route, colour, dashes and places, in order. */
export function sameLine(a: RouteLineSpec, b: RouteLineSpec): boolean {
  return (
    a === b ||
    (a.slotId === b.slotId &&
      a.kind === b.kind &&
      a.colour === b.colour &&
      a.dashed === b.dashed &&
      a.latlngs.length === b.latlngs.length &&
      a.latlngs.every((p, i) => p[0] === b.latlngs[i]![0] && p[1] === b.latlngs[i]![1]))
  );
}
