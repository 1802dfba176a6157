import { QUANTIZATION, ZOOM_DIVISORS } from './constants';
import type { MapRow, MapStop } from './filters';

/**
 * Spec §3 map marker: where it is, its id, the stops (`ids`) and consignments it stands for, a
 * line describing them (`information`), the colours of their slots, whether the planner has them
 * selected, and what a click does.
 */
export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  ids: string[];
  consignmentIds: string[];
  information: string;
  colors: string[];
  highlight: boolean;
  /** One of its stops is placed no better than its postal-code area (issue 36). */
  approximate: boolean;
  /** One of its stops is more than 30 km from every other stop of its slot. */
  outlier: boolean;
  onClick: () => void;
}

/** Spec §9 marker grouping: the divisor at a zoom (1000 up to 10, … 10 at 14, then 1). */
export function zoomDivisor(zoom: number): number {
  for (const [upTo, divisor] of ZOOM_DIVISORS) if (zoom <= upTo) return divisor;
  return 1;
}

/**
 * Spec §9 marker grouping quantization, read as cells per degree: 8000 by default (a cell of
 * 1/8000°, about 14 m north-south: one address), and 8000 / divisor at a zoom, so the cells grow
 * as the map zooms out (1/8° at zoom 10 or below is about 90 px on screen, 1/80° at 12 about
 * 36 px, 1/800° at 14 about 15 px). The stops no cluster took (clusters come first) that fall in
 * one cell are one marker listing them all: above zoom 16, where nothing clusters, the parcels of
 * one address are one marker; below, stops a little further apart than the cluster radius.
 */
export const quantization = (zoom?: number): number =>
  zoom === undefined ? QUANTIZATION : QUANTIZATION / zoomDivisor(zoom);

/** The cell of a coordinate at a quantization: stops in one cell are one marker. */
export const cellOf = (lat: number, lng: number, q: number): string =>
  `${Math.round(lat * q)}:${Math.round(lng * q)}`;

export interface MarkerOptions {
  /** The marker's line about its stops (translated by the caller). */
  describe: (stops: readonly MapStop[]) => string;
  /** The colour of a stop (its slot's, or the unassigned colour). */
  colorOf: (stop: MapStop) => string;
  /** The consignments the planner has selected: their markers are highlighted. */
  selected: ReadonlySet<string>;
  onClick: (marker: MapMarker) => void;
}

/**
 * The markers of stops at a zoom: the stops whose coordinates fall in one cell of the zoom's
 * quantization are one marker, at their mean position (a single stop: exactly its own).
 */
export function groupMarkers(
  stops: readonly MapStop[],
  zoom: number | undefined,
  options: MarkerOptions,
): MapMarker[] {
  const q = quantization(zoom);
  const cells = new Map<string, MapStop[]>();
  for (const stop of stops) {
    const key = cellOf(stop.lat, stop.lng, q);
    const cell = cells.get(key);
    if (cell) cell.push(stop);
    else cells.set(key, [stop]);
  }
  return [...cells].map(([key, members]) => {
    const consignmentIds = [...new Set(members.map((s) => s.consignmentId))];
    const marker: MapMarker = {
      id: `${q}:${key}`,
      lat: members.reduce((sum, s) => sum + s.lat, 0) / members.length,
      lng: members.reduce((sum, s) => sum + s.lng, 0) / members.length,
      ids: members.map((s) => s.id),
      consignmentIds,
      information: options.describe(members),
      colors: [...new Set(members.map(options.colorOf))],
      highlight: consignmentIds.some((id) => options.selected.has(id)),
      approximate: members.some((s) => s.approximate),
      outlier: members.some((s) => s.outlier),
      onClick: () => options.onClick(marker),
    };
    return marker;
  });
}

/** Our colours of the day's slots (the spec names none), told apart from one another on a map. */
export const SLOT_PALETTE = [
  '#2e7d32',
  '#6a1b9a',
  '#ef6c00',
  '#00838f',
  '#ad1457',
  '#4e342e',
  '#283593',
  '#9e9d24',
  '#00695c',
  '#5d4037',
] as const;
/** Stops on no slot. */
export const UNASSIGNED_COLOUR = '#616161';

/** Each slot's colour, by its place in the day's list (the palette repeats after ten). */
export const slotColours = (slotIds: readonly string[]): Map<string, string> =>
  new Map(slotIds.map((id, i) => [id, SLOT_PALETTE[i % SLOT_PALETTE.length]!]));

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A marker's line (its title and its name for a screen reader): one consignment's shipment, name
 * and address at the stop; several: how many, and the first shipments.
 */
export function describeStops(
  stops: readonly MapStop[],
  rows: ReadonlyMap<string, MapRow>,
  translate: Translate,
): string {
  // Issue 36: the marks a marker draws are in its name and tooltip too, in words.
  const marks = [
    ...(stops.some((s) => s.approximate) ? [translate('geo.approximate')] : []),
    ...(stops.some((s) => s.outlier) ? [translate('geo.outlier')] : []),
  ];
  const line = stopsLine(stops, rows, translate);
  return marks.length > 0 ? `${line} (${marks.join(', ')})` : line;
}

function stopsLine(
  stops: readonly MapStop[],
  rows: ReadonlyMap<string, MapRow>,
  translate: Translate,
): string {
  const ids = [...new Set(stops.map((s) => s.consignmentId))];
  const shipment = (id: string) => rows.get(id)?.shipmentId ?? id;
  if (ids.length > 1) {
    const first = ids.slice(0, 5).map(shipment).join(', ');
    return `${translate('map.marker.many', { smart_count: ids.length })}: ${first}${ids.length > 5 ? ', …' : ''}`;
  }
  const stop = stops[0];
  const row = stop ? rows.get(stop.consignmentId) : undefined;
  if (!stop || !row) return ids.map(shipment).join(', ');
  const pickup = stop.kind === 'pickup';
  return translate(pickup ? 'map.marker.pickup' : 'map.marker.delivery', {
    shipment: shipment(row.id),
    name: pickup ? row.pickupName : row.deliveryName,
    address: pickup ? row.pickupAddress : row.deliveryAddress,
  });
}
