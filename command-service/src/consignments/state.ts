import {
  isDeviationEventType,
  isInvoicingEventType,
  isPreAdviceEventType,
  isScanEventType,
  type DeliveryProof,
  type DeliveryProofRecordedEvent,
  type DeliveryRatedEvent,
  type PackageState,
  type ScanEvent,
  type AddressSide,
  type AddressStatus,
  type BookedOrder,
  type ConsignmentEvent,
  type ConsignmentState,
  type DeviationEvent,
  type InvoicingEvent,
  type OrderReturn,
  type PersonalDataErasedEvent,
  type RecipientAnswer,
  type ReturnLink,
} from '@nordlog/contracts';
import { evolveDeviations, NO_DEVIATIONS, type Deviations } from '../deviations/decider.js';
import { erasedState } from './erasure.js';

/**
 * An order's decider state and how its stream's events fold into it (the order's decider,
 * decider.ts, decides on it): the consignment's state, its addresses' points, its slot, the order
 * as last booked, its deviations, and whether its parties' data was erased.
 */

type Coordinates = { lat: number; lng: number } | null;

export type OrderState =
  | { status: 'none' }
  | {
      status: 'booked';
      state: ConsignmentState;
      departmentId: string;
      customerId: string;
      address: Record<AddressSide, { status: AddressStatus; coordinates: Coordinates }>;
      slotId: string | null;
      beforeDelete: ConsignmentState | null;
      /** The order as last booked or edited (for edits: kept package ids, timing changes). */
      order: BookedOrder;
      /** Its parties' personal data was erased (PersonalDataErased): it cannot be set again. */
      erased: boolean;
      /** Its deviations (docs/decisions/0051-deviations.md). */
      deviations: Deviations;
      /** Its goods were collected (a return starts where the goods are; 0057). */
      collected: boolean;
      /** Its return, and the order it is a return of (docs/decisions/0057-returns.md). */
      returns: OrderReturn[];
      returnOf: ReturnLink | null;
      /** Its packages' states by their scans, by SSCC (absent: NOT_SCANNED; 0064). */
      packages: Readonly<Record<string, PackageState>>;
      /** The scans it had (`code|kind|scannedAt`): the same scan sent again changes nothing. */
      scanKeys: ReadonlySet<string>;
      /** Its delivery's latest proof (0068); null: none. */
      proof: DeliveryProof | null;
      /**
       * The recipient's answers on the tracking page, every one (0063: at most 5). Absent in a
       * state folded before answers existed: none.
       */
      answers?: readonly RecipientAnswer[];
      /** The recipient answered the net promoter question (0083; absent: not). */
      rated?: boolean;
    };

/** What an order's stream holds: its consignment's events and the erasure of its parties' data. */
export type OrderStreamEvent =
  | ConsignmentEvent
  | DeviationEvent
  | PersonalDataErasedEvent
  | Extract<ScanEvent, { type: 'PackagesScanned' }>
  | DeliveryProofRecordedEvent
  | DeliveryRatedEvent;

/** The key a scan is known by on its order's stream (a resent scan is the same scan). */
export const scanKey = (s: { code: string; kind: string; scannedAt: string }) =>
  `${s.code}|${s.kind}|${s.scannedAt}`;

export type Booked = Extract<OrderState, { status: 'booked' }>;

/** RESOLVED when both sides have coordinates; UNRESOLVED when a lookup failed; else CREATED. */
export function stateFromAddresses(address: Booked['address']): ConsignmentState {
  if (address.pickup.status === 'resolved' && address.delivery.status === 'resolved')
    return 'RESOLVED';
  if (address.pickup.status === 'unresolved' || address.delivery.status === 'unresolved')
    return 'UNRESOLVED';
  return 'CREATED';
}

const sideOf = (block: BookedOrder['pickup'], unresolved = false) =>
  block.lat != null && block.lng != null
    ? { status: 'resolved' as const, coordinates: { lat: block.lat, lng: block.lng } }
    : { status: unresolved ? ('unresolved' as const) : ('pending' as const), coordinates: null };

export const addressesOf = (order: BookedOrder, unresolved: readonly AddressSide[] = []) => ({
  pickup: sideOf(order.pickup, unresolved.includes('pickup')),
  delivery: sideOf(order.delivery, unresolved.includes('delivery')),
});

const isInvoicingEvent = (e: ConsignmentEvent | InvoicingEvent): e is InvoicingEvent =>
  isInvoicingEventType(e.type);

export function evolveOrderStream(
  state: OrderState,
  event: OrderStreamEvent | InvoicingEvent,
): OrderState {
  if (event.type === 'PersonalDataErased')
    return state.status === 'none' ? state : erasedState(state);
  // Pre-advice shares the order's stream (docs/decisions/0062) and leaves the consignment as it is.
  if (isPreAdviceEventType(event.type)) return state;
  if (event.type === 'DeliveryRated')
    return state.status === 'none' ? state : { ...state, rated: true };
  if (event.type === 'DeliveryProofRecorded')
    return state.status === 'none' ? state : { ...state, proof: event.data.proof };
  if (isScanEventType(event.type)) {
    if (state.status === 'none' || event.type !== 'PackagesScanned') return state;
    const { scans, packages } = event.data;
    return {
      ...state,
      packages: { ...state.packages, ...packages },
      scanKeys: new Set([...state.scanKeys, ...scans.map(scanKey)]),
    };
  }
  if (isDeviationEventType(event.type))
    return state.status === 'none'
      ? state
      : { ...state, deviations: evolveDeviations(state.deviations, event as DeviationEvent) };
  return evolveOrder(state, event as ConsignmentEvent | InvoicingEvent);
}

function evolveOrder(state: OrderState, event: ConsignmentEvent | InvoicingEvent): OrderState {
  // Invoicing events share the order's stream (docs/decisions/0032) and leave its consignment
  // as it is; a price correction is part of the order the next edit starts from.
  if (isInvoicingEvent(event)) {
    if (state.status === 'none' || event.type !== 'OrderPricesCorrected') return state;
    return {
      ...state,
      order: { ...state.order, correctedArticlePrices: event.data.correctedArticlePrices },
    };
  }
  return evolveConsignment(state, event);
}

function evolveConsignment(state: OrderState, event: ConsignmentEvent): OrderState {
  if (event.type === 'OrderCreated') {
    const { order } = event.data;
    return {
      status: 'booked',
      state: event.data.state,
      departmentId: order.departmentId,
      customerId: order.customerId,
      address: addressesOf(order, event.data.unresolved),
      slotId: null,
      beforeDelete: null,
      order,
      erased: false,
      deviations: NO_DEVIATIONS,
      collected: false,
      returns: [],
      returnOf: event.data.returnOf ?? null,
      packages: {},
      scanKeys: new Set(),
      proof: null,
      answers: [],
    };
  }
  if (state.status === 'none') return state;
  const next: Booked = { ...state, state: event.data.state };
  switch (event.type) {
    case 'OrderUpdated':
      return {
        ...next,
        order: event.data.order,
        customerId: event.data.order.customerId,
        address: addressesOf(event.data.order, event.data.unresolved),
      };
    case 'OrderMoved':
      return {
        ...next,
        departmentId: event.data.departmentId,
        slotId: null,
        order: { ...state.order, departmentId: event.data.departmentId },
      };
    case 'AddressResolved':
      return {
        ...next,
        address: {
          ...state.address,
          [event.data.side]: {
            status: 'resolved',
            coordinates: { lat: event.data.lat, lng: event.data.lng },
          },
        },
      };
    case 'AddressUnresolved':
      return {
        ...next,
        address: {
          ...state.address,
          [event.data.side]: { status: 'unresolved', coordinates: null },
        },
      };
    case 'ConsignmentAssignedToSlot':
      return { ...next, slotId: event.data.slotId };
    case 'ConsignmentUnassignedFromSlot':
      return { ...next, slotId: null };
    case 'OrderDeleted':
      return { ...next, slotId: null, beforeDelete: event.data.previousState };
    case 'OrderRestored':
      return { ...next, beforeDelete: null };
    case 'ConsignmentCollected':
    case 'ConsignmentDelivered':
      return { ...next, collected: true };
    case 'OrderReturnCreated': {
      const { state: _s, ...made } = event.data;
      return { ...next, returns: [...state.returns, made] };
    }
    case 'RecipientAnswered':
      return {
        ...next,
        order: event.data.order,
        address: {
          ...state.address,
          delivery: addressesOf(event.data.order).delivery,
        },
        answers: [...(state.answers ?? []), event.data.answer],
      };
    case 'OrderAccepted':
    case 'OrderRejected':
    case 'ConsignmentDeviated':
    case 'ConsignmentReturned':
      return next;
    default: {
      const never: never = event;
      return never;
    }
  }
}
