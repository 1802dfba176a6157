import {
  depotOf,
  isCalendarDate,
  REST_BREAK,
  type DeliveryNote,
  type Load,
  type RouteStop,
  type SlotView,
} from '@nordlog/contracts';

/** A `yyyy-MM-dd` date of the calendar (a route's `:date`), else false. */
export const isDateParam = (value: string | undefined): value is string =>
  typeof value === 'string' && isCalendarDate(value);

/** An entity id as a route's `:slotId` or `:id` holds it. */
export const isIdParam = (value: string | undefined): value is string =>
  typeof value === 'string' && /^[1-9]\d{0,17}$/.test(value);

/** Where each consignment of a route is picked up, when the route picks it up (1-based stop). */
export function pickupStops(stops: readonly RouteStop[]): Map<string, number> {
  const at = new Map<string, number>();
  stops.forEach((stop, i) => {
    if (stop.kind === 'pickup') at.set(stop.consignmentId, i + 1);
  });
  return at;
}

/** The notes of each slot, in route order (the query answers them so; kept here by slot). */
export function notesBySlot(notes: readonly DeliveryNote[]): Map<string, DeliveryNote[]> {
  const bySlot = new Map<string, DeliveryNote[]>();
  for (const note of notes) {
    const list = bySlot.get(note.slot.id) ?? [];
    list.push(note);
    bySlot.set(note.slot.id, list);
  }
  for (const list of bySlot.values())
    list.sort((a, b) => (a.stopNumber ?? 0) - (b.stopNumber ?? 0));
  return bySlot;
}

/** One consignment of a receipt list: what the courier signs for (or collects on the route). */
export interface ReceiptRow {
  note: DeliveryNote;
  /** The stop where the route picks it up; null when it is loaded at the depot. */
  collectedAt: number | null;
}

export function receiptRows(slot: Pick<SlotView, 'stops'>, notes: readonly DeliveryNote[]) {
  const pickups = pickupStops(slot.stops);
  const rows: ReceiptRow[] = notes.map((note) => ({
    note,
    collectedAt: pickups.get(note.orderId) ?? null,
  }));
  return { rows, totals: totalsOf(rows.filter((r) => r.collectedAt === null).map((r) => r.note)) };
}

/** Packages, kilograms and cubic decimetres of some consignments. */
export function totalsOf(notes: readonly Pick<DeliveryNote, 'totals'>[]): Load {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    count: notes.reduce((n, d) => n + d.totals.count, 0),
    weight: round(notes.reduce((n, d) => n + d.totals.weightKg, 0)),
    volume: round(notes.reduce((n, d) => n + d.totals.volumeDm3, 0)),
  };
}

/** One package of a load list. */
export interface LoadRow {
  key: string;
  /** Loading order at the depot (1 goes in first); null for a package collected on the route. */
  loadNumber: number | null;
  /** The stop that delivers it. */
  stopNumber: number | null;
  collectedAt: number | null;
  shipmentId: string | null;
  recipient: string;
  address: string;
  packageId: string | null;
  weightKg: number;
  volumeDm3: number;
}

/**
 * A slot's load list: every package, the last stop's first (it goes in first and comes out last),
 * numbered in loading order; packages the route itself picks up are listed where they are
 * delivered but not loaded at the depot. Totals count what is loaded at the depot.
 */
export function loadList(slot: Pick<SlotView, 'stops'>, notes: readonly DeliveryNote[]) {
  const pickups = pickupStops(slot.stops);
  const rows: LoadRow[] = [];
  let loadNumber = 0;
  const reversed = [...notes].sort((a, b) => (b.stopNumber ?? 0) - (a.stopNumber ?? 0));
  for (const note of reversed) {
    const collectedAt = pickups.get(note.orderId) ?? null;
    note.packages.forEach((p, i) => {
      rows.push({
        key: `${note.orderId}:${i}`,
        loadNumber: collectedAt === null ? ++loadNumber : null,
        stopNumber: note.stopNumber,
        collectedAt,
        shipmentId: note.shipmentId,
        recipient: note.recipient.name,
        address: [
          note.recipient.address,
          `${note.recipient.zipCode} ${note.recipient.zipArea}`.trim(),
        ]
          .filter(Boolean)
          .join(', '),
        packageId: p.packageId,
        weightKg: p.weightKg,
        volumeDm3: p.volumeDm3,
      });
    });
  }
  const loaded = rows.filter((r) => r.loadNumber !== null);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const totals: Load = {
    count: loaded.length,
    weight: round(loaded.reduce((n, r) => n + r.weightKg, 0)),
    volume: round(loaded.reduce((n, r) => n + r.volumeDm3, 0)),
  };
  return { rows, totals };
}

/** Which of a load's measures exceed the capacity (none without a capacity). */
export function overCapacity(load: Load, capacity: Load | null | undefined): (keyof Load)[] {
  if (!capacity) return [];
  return (['count', 'weight', 'volume'] as const).filter((k) => load[k] > capacity[k]);
}

/** A slot's line on the route receipt list: stops, packages, kilograms and kilometres. */
export function slotSummary(slot: SlotView) {
  return {
    stops: slot.stops.filter((s) => s.kind !== REST_BREAK).length,
    packages: slot.load?.count ?? 0,
    weight: slot.load?.weight ?? 0,
    distanceKm: slot.totals?.distanceKm ?? 0,
  };
}

/**
 * Where a route starts and ends, as its list's header says it (docs/decisions/0041-depot.md): the
 * unit's start depot's address, and its end depot's when that is another; null when the unit has
 * no depot (an old 0,0 is none). A depot given by its point only shows the point.
 */
export function routeDepotText(
  unit: { startLocation?: unknown; endLocation?: unknown } | null | undefined,
): string | null {
  const text = (value: unknown) => {
    const depot = depotOf(value);
    return depot ? depot.address || `${depot.lat}, ${depot.lng}` : null;
  };
  const start = text(unit?.startLocation);
  const end = text(unit?.endLocation);
  if (!start) return end;
  return end && end !== start ? `${start} → ${end}` : start;
}
