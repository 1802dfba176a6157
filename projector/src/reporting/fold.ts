import {
  addCounts,
  addDays,
  countryTimeZones,
  deliveryWindow,
  emptyCounts,
  isDepartmentPickup,
  zonedInstant,
  type BookedOrder,
  type ConsignmentEvent,
  type ConsignmentState,
  type RecordedEvent,
  type ReportCounts,
} from '@nordlog/contracts';

/**
 * What the report keeps of one order (rm_report_orders): enough to know which cell it counts in
 * and what it adds there, so that an event moves its contribution from one cell to another
 * without reading anything else.
 */
export interface ReportOrder {
  revision: number;
  date: string;
  departmentId: string;
  customerId: string;
  slotId: string | null;
  state: ConsignmentState;
  /** The reason of its last deviation. */
  reason: string | null;
  /** The end of its delivery window (exclusive): a delivery before it is on time. */
  dueBy: string;
  deliveredAt: string | null;
  /** Whether its route has a pickup stop (not handed in at the department). */
  pickupStop: boolean;
}

/** A cell of the report: a department's date, a slot (empty: none) and a customer. */
export interface CellKey {
  departmentId: string;
  date: string;
  slotId: string;
  customerId: string;
}

export const cellId = (k: CellKey) => `${k.departmentId}|${k.date}|${k.slotId}|${k.customerId}`;

/**
 * The end of an order's delivery window, exclusive: the minute after its latest time on its last
 * day (spec §5: a window ending before it starts ends the next day), or the midnight after its
 * last day when it has no latest time; in the time zone of the delivery's country.
 */
export function dueBy(order: BookedOrder): string {
  const timeZone = countryTimeZones[order.delivery.countryCode ?? ''] ?? 'Europe/Oslo';
  const start = order.deliveryDate ?? order.pickupDate;
  const { endDate } = deliveryWindow(start, order.deliveryTimeEarliest, order.deliveryTimeLatest);
  const end = order.deliveryTimeLatest
    ? zonedInstant(endDate, order.deliveryTimeLatest, timeZone).getTime() + 60_000
    : zonedInstant(addDays(endDate, 1), '00:00', timeZone).getTime();
  return new Date(end).toISOString();
}

function fromOrder(order: BookedOrder, state: ConsignmentState, revision: number): ReportOrder {
  return {
    revision,
    date: order.pickupDate,
    departmentId: String(order.departmentId),
    customerId: String(order.customerId),
    slotId: null,
    state,
    reason: null,
    dueBy: dueBy(order),
    deliveredAt: null,
    pickupStop: !isDepartmentPickup(order.pickup),
  };
}

/** The order after one of its events (null: not known yet, and this event does not create it). */
export function evolveReportOrder(
  before: ReportOrder | null,
  recorded: RecordedEvent,
): ReportOrder | null {
  const event = recorded as unknown as ConsignmentEvent;
  const revision = recorded.streamRevision;
  if (event.type === 'OrderCreated')
    return before ?? fromOrder(event.data.order, event.data.state, revision);
  if (!before) return null;
  const next: ReportOrder = { ...before, revision, state: event.data.state };
  switch (event.type) {
    case 'OrderUpdated':
    case 'RecipientAnswered': {
      const fresh = fromOrder(event.data.order, event.data.state, revision);
      return {
        ...fresh,
        slotId: before.slotId,
        reason: before.reason,
        deliveredAt: before.deliveredAt,
      };
    }
    case 'OrderMoved':
      return { ...next, departmentId: String(event.data.departmentId), slotId: null };
    case 'ConsignmentAssignedToSlot':
      return { ...next, slotId: String(event.data.slotId) };
    case 'ConsignmentUnassignedFromSlot':
    case 'OrderDeleted':
      return { ...next, slotId: null };
    case 'ConsignmentDelivered':
      return { ...next, deliveredAt: recorded.metadata.occurredAt };
    case 'ConsignmentDeviated':
      return { ...next, reason: event.data.reason };
    // The state alone.
    case 'AddressResolved':
    case 'AddressUnresolved':
    case 'ConsignmentCollected':
    case 'ConsignmentReturned':
    case 'OrderAccepted':
    case 'OrderRejected':
    case 'OrderRestored':
    case 'OrderReturnCreated':
      return next;
    default: {
      const never: never = event;
      return never;
    }
  }
}

export const keyOf = (o: ReportOrder): CellKey => ({
  departmentId: o.departmentId,
  date: o.date,
  slotId: o.slotId ?? '',
  customerId: o.customerId,
});

/** What an order adds to its cell (ReportCounts says what each count means). */
export function contribution(o: ReportOrder): ReportCounts {
  const c = emptyCounts();
  if (o.state === 'DELETED') return c;
  c.booked = 1;
  if (o.slotId !== null) {
    c.planned = 1;
    c.stops = o.pickupStop ? 2 : 1;
  }
  if (o.state === 'COLLECTED') c.collected = 1;
  if (o.state === 'RETURNED') c.returned = 1;
  if (o.state === 'DEVIATED') {
    c.deviated = 1;
    c.reasons[o.reason ?? 'OTHER'] = 1;
  }
  if (o.state === 'DELIVERED') {
    c.delivered = 1;
    if (o.deliveredAt !== null && Date.parse(o.deliveredAt) < Date.parse(o.dueBy)) c.onTime = 1;
    else c.late = 1;
  }
  return c;
}

/** The cells' changes, accumulated: every cell an order passes through is listed, at zero too. */
export class CellDeltas {
  readonly cells = new Map<string, { key: CellKey; counts: ReportCounts }>();

  add(o: ReportOrder, sign: 1 | -1): void {
    const key = keyOf(o);
    const id = cellId(key);
    const cell = this.cells.get(id) ?? { key, counts: emptyCounts() };
    this.cells.set(id, { key, counts: addCounts(cell.counts, contribution(o), sign) });
  }

  /** An order's move from `before` to `after`. */
  move(before: ReportOrder | null, after: ReportOrder): void {
    if (before) this.add(before, -1);
    this.add(after, 1);
  }
}

/**
 * Folds a batch into the orders it names (`orders`, changed in place) and the cells' changes.
 * An event at or below an order's revision was applied already and changes nothing.
 */
export function foldReport(
  orders: Map<string, ReportOrder>,
  events: RecordedEvent[],
): { deltas: CellDeltas; changed: Set<string> } {
  const deltas = new CellDeltas();
  const changed = new Set<string>();
  for (const e of events) {
    const id = e.streamId.slice('order-'.length);
    const before = orders.get(id) ?? null;
    if (before && e.streamRevision <= before.revision) continue;
    const after = evolveReportOrder(before, e);
    if (!after) continue;
    orders.set(id, after);
    changed.add(id);
    deltas.move(before, after);
  }
  return { deltas, changed };
}
