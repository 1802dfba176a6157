import type { BookedOrder, ConsignmentEvent } from './events.js';
import {
  evolveInvoicing,
  isInvoicingEventType,
  NO_INVOICING,
  type InvoicingEvent,
} from '../invoicing/events.js';
import { chargedSmsOf, withSentSms } from '../invoicing/sms.js';
import { consignmentEventTypes } from './events.js';
import type { OrderRow } from './orders.js';
import type { DeliveryProofRecordedEvent } from '../proof/index.js';
import { isConsignmentState } from './states.js';
import { PERSONAL_DATA_ERASED, erasureStamp } from '../privacy/events.js';
import { canTransition, rowFlags } from './transitions.js';

/**
 * What the order fold needs of a stored event: its type and data, its revision in the order's
 * stream and when it was decided. A `RecordedEvent` is one; so is a row of the order history read
 * model (docs/decisions/0029-audit-replay.md).
 */
export interface OrderEventRecord {
  type: string;
  data: unknown;
  streamRevision: number;
  metadata: { occurredAt: string; userId?: string };
}

type OrderEvent = OrderEventRecord & ConsignmentEvent;

export const isOrderEvent = (e: OrderEventRecord): e is OrderEvent =>
  (consignmentEventTypes as readonly string[]).includes(e.type);

function fromOrder(order: BookedOrder, base: Partial<OrderRow>): OrderRow {
  return {
    id: order.orderId,
    orderId: order.orderId,
    parentId: order.parentId ?? null,
    shipmentId: order.shipmentId ?? null,
    departmentId: order.departmentId,
    customerId: order.customerId,
    state: 'CREATED',
    order,
    slotId: null,
    rejectionReason: null,
    otherReason: null,
    createdAt: '',
    updatedAtEpoch: 0,
    revision: 0,
    isEditable: true,
    isDeletable: true,
    returnOf: null,
    returns: [],
    collected: false,
    ...base,
  };
}

function withFlags(row: OrderRow): OrderRow {
  const flags = rowFlags(row.state, null);
  return { ...row, isEditable: flags.isEditable, isDeletable: canTransition('delete', row.state) };
}

/** A row changed by an event that is not OrderCreated (the row exists). */
function evolveExisting(row: OrderRow, e: OrderEvent, next: OrderRow): OrderRow {
  switch (e.type) {
    case 'OrderCreated':
      return row;
    case 'OrderUpdated':
      return {
        ...next,
        ...fromOrder(e.data.order, {}),
        revision: next.revision,
        updatedAtEpoch: next.updatedAtEpoch,
        state: e.data.state,
        slotId: row.slotId,
        rejectionReason: row.rejectionReason,
        otherReason: row.otherReason,
        createdAt: row.createdAt,
        returnOf: row.returnOf ?? null,
        ...(row.recurringOrderId ? { recurringOrderId: row.recurringOrderId } : {}),
        returns: row.returns ?? [],
        collected: row.collected ?? false,
      };
    case 'OrderMoved':
      return {
        ...next,
        departmentId: e.data.departmentId,
        slotId: null,
        order: { ...row.order, departmentId: e.data.departmentId },
      };
    case 'OrderRejected':
      return { ...next, rejectionReason: e.data.reason, otherReason: e.data.otherReason };
    case 'ConsignmentAssignedToSlot':
      return { ...next, slotId: e.data.slotId };
    case 'ConsignmentUnassignedFromSlot':
    case 'OrderDeleted':
      return { ...next, slotId: null };
    case 'AddressResolved': {
      // The edit form shows where the address was placed since booking.
      const { side, lat, lng, resolvedBy, precision } = e.data;
      const block = { ...row.order[side], lat, lng, resolvedBy, precision };
      return { ...next, order: { ...row.order, [side]: block } };
    }
    case 'AddressUnresolved': {
      const block = { ...row.order[e.data.side], lat: null, lng: null, precision: undefined };
      return { ...next, order: { ...row.order, [e.data.side]: block } };
    }
    case 'ConsignmentCollected':
    case 'ConsignmentDelivered':
      return { ...next, collected: true };
    case 'OrderReturnCreated': {
      const { state: _s, ...made } = e.data;
      const stamp = { createdAt: e.metadata.occurredAt, createdBy: e.metadata.userId ?? null };
      return { ...next, returns: [...(row.returns ?? []), { ...made, ...stamp }] };
    }
    case 'RecipientAnswered': {
      // The recipient's answer on the tracking page (0063): the order it left, and the answer.
      const answers = (row.recipientAnswers ?? []).filter(
        (a) => !(e.data.replaced && a.kind === e.data.answer.kind),
      );
      return {
        ...next,
        order: e.data.order,
        recipientAnswers: [...answers, e.data.answer],
      };
    }
    case 'OrderAccepted':
    case 'OrderRestored':
    case 'ConsignmentDeviated':
    case 'ConsignmentReturned':
      return next;
    default: {
      const never: never = e;
      return never;
    }
  }
}

/**
 * The order as one event leaves it: the one fold of an order's events. The `orders` read model
 * is this fold kept up to date (projector), and the audit replay runs it over the events up to a
 * chosen moment; pure, so both give the same order for the same events. Events of other types,
 * and events without a known state, leave the row as it is.
 */
export function evolveOrderRow(row: OrderRow | null, e: OrderEventRecord): OrderRow | null {
  if (isInvoicingEventType(e.type)) return row && evolveInvoicingRow(row, e as InvoicingRecord);
  // The events before it read as erased; the row says when (docs/decisions/0050).
  if (e.type === PERSONAL_DATA_ERASED)
    return row && { ...row, ...erasureStamp(e), personalDataErasedAt: e.metadata.occurredAt };
  // A delivery's proof (0068): the latest one is the order's; the consignment's state stays.
  if (e.type === 'DeliveryProofRecorded')
    return (
      row && {
        ...row,
        revision: e.streamRevision,
        updatedAtEpoch: Date.parse(e.metadata.occurredAt),
        proof: (e.data as DeliveryProofRecordedEvent['data']).proof,
      }
    );
  // A sent pre-advice SMS is invoiced with the order (contracts invoicing/sms.ts).
  const sms = chargedSmsOf(e);
  if (sms !== null)
    return (
      row && {
        ...row,
        revision: e.streamRevision,
        updatedAtEpoch: Date.parse(e.metadata.occurredAt),
        invoicing: withSentSms(row.invoicing ?? NO_INVOICING, sms),
      }
    );
  if (!isOrderEvent(e) || !isConsignmentState(e.data.state)) return row;
  const at = { revision: e.streamRevision, updatedAtEpoch: Date.parse(e.metadata.occurredAt) };
  if (e.type === 'OrderCreated')
    return withFlags(
      fromOrder(e.data.order, {
        ...at,
        state: e.data.state,
        createdAt: e.metadata.occurredAt,
        returnOf: e.data.returnOf ?? null,
        ...(e.data.recurringOrderId ? { recurringOrderId: e.data.recurringOrderId } : {}),
      }),
    );
  if (!row) return row;
  return withFlags(evolveExisting(row, e, { ...row, ...at, state: e.data.state }));
}

/** The order after these events, oldest first (null: no OrderCreated among them). */
export const foldOrderRow = (events: Iterable<OrderEventRecord>): OrderRow | null => {
  let row: OrderRow | null = null;
  for (const e of events) row = evolveOrderRow(row, e);
  return row;
};

type InvoicingRecord = OrderEventRecord & InvoicingEvent;

/**
 * An invoicing event (docs/decisions/0032-invoicing.md): the row's invoicing changes, and a price
 * correction replaces the order's corrected article prices; the consignment's state stays.
 */
function evolveInvoicingRow(row: OrderRow, e: InvoicingRecord): OrderRow {
  const stamp = { at: e.metadata.occurredAt, by: e.metadata.userId ?? null };
  const next: OrderRow = {
    ...row,
    revision: e.streamRevision,
    updatedAtEpoch: Date.parse(e.metadata.occurredAt),
    invoicing: evolveInvoicing(row.invoicing ?? NO_INVOICING, e, stamp, row.orderId),
  };
  if (e.type === 'OrderPricesCorrected')
    return {
      ...next,
      order: { ...row.order, correctedArticlePrices: e.data.correctedArticlePrices },
    };
  return next;
}
