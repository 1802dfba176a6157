import type { AddressBlock, CreateOrder, MeasurementLine, resolutionSources } from './order.js';
import type { GeoPrecision } from '../geocoding/index.js';
import type { ConsignmentState } from './states.js';
import type { OrderReturn, ReturnLink } from '../returns/links.js';
import type { RecipientAnswer } from '../tracking/answers.js';

export type AddressSide = 'pickup' | 'delivery';
/** Per side: pending until a lookup was made, then resolved (has coordinates) or unresolved. */
export type AddressStatus = 'pending' | 'resolved' | 'unresolved';

/**
 * The booked order as stored in OrderCreated and OrderUpdated: the parsed form (defaults applied,
 * phones and zip codes normalised) with the ids the server gave it.
 */
export interface BookedOrder extends Omit<CreateOrder, 'measurements' | 'pickup' | 'delivery'> {
  orderId: string;
  /** The GSIN (17 digits) from the department's or the default number series. */
  shipmentId?: string;
  /**
   * The key of the public tracking link (contracts tracking: 128 random bits, base64url), given at
   * booking and kept through every edit. Orders booked before it have none (and no link).
   */
  trackingId?: string;
  pickup: AddressBlock;
  delivery: AddressBlock;
  /** Each line with one SSCC per package in `packageIds`. */
  measurements: MeasurementLine[];
  /** Spec §5: a package weighs more than 35 kg. */
  heavyGoods?: boolean;
  /**
   * The concrete service code (docs/decisions/0093): the service's code template filled with the
   * order's weight bracket and time-of-day variant, set at booking and at each edit. Absent where
   * the service has no template (the order's code is then `serviceId`).
   */
  serviceCode?: string;
  /**
   * The recipient asked on the tracking page to have it left at the door, with this note for the
   * courier (docs/decisions/0063; personal data, sealed with the order's parties).
   */
  leaveAtDoor?: { note: string };
}

/**
 * Consignment events. State-changing events carry the resulting `state`, so projections and
 * downstream consumers never re-implement the state machine.
 */
export type ConsignmentEvent =
  | {
      type: 'OrderCreated';
      /**
       * `unresolved`: sides whose address lookup failed at booking. `returnOf`: the order this one
       * returns (docs/decisions/0057-returns.md).
       */
      data: {
        order: BookedOrder;
        state: ConsignmentState;
        unresolved?: AddressSide[];
        returnOf?: ReturnLink;
        /** The recurring order that booked it (docs/decisions/0058-recurring-orders.md). */
        recurringOrderId?: string;
      };
    }
  | {
      type: 'OrderUpdated';
      data: { order: BookedOrder; state: ConsignmentState; unresolved?: AddressSide[] };
    }
  | {
      type: 'OrderMoved';
      data: {
        fromDepartmentId: string;
        departmentId: string;
        /** The slot it left (a slot belongs to the old department). */
        previousSlotId: string | null;
        state: ConsignmentState;
      };
    }
  | { type: 'OrderAccepted'; data: { state: ConsignmentState } }
  | {
      type: 'OrderRejected';
      data: { reason: string; otherReason: string | null; state: 'REJECTED' };
    }
  | {
      type: 'AddressResolved';
      data: {
        side: AddressSide;
        lat: number;
        lng: number;
        resolvedBy: (typeof resolutionSources)[number];
        /** How precise the point is (absent in events recorded before issue 36: not known). */
        precision?: GeoPrecision;
        state: ConsignmentState;
      };
    }
  | { type: 'AddressUnresolved'; data: { side: AddressSide; state: ConsignmentState } }
  | {
      type: 'ConsignmentAssignedToSlot';
      data: { slotId: string; previousSlotId: string | null; state: 'ASSIGNED' };
    }
  | {
      type: 'ConsignmentUnassignedFromSlot';
      data: { slotId: string | null; force: boolean; state: ConsignmentState };
    }
  | {
      type: 'ConsignmentCollected';
      data: { manual: boolean; comment: string | null; state: 'COLLECTED' };
    }
  | {
      type: 'ConsignmentDelivered';
      data: { manual: boolean; comment: string | null; state: 'DELIVERED' };
    }
  | {
      type: 'ConsignmentDeviated';
      data: { manual: boolean; reason: string; comment: string | null; state: 'DEVIATED' };
    }
  | {
      type: 'ConsignmentReturned';
      data: { manual: boolean; comment: string | null; state: 'RETURNED' };
    }
  | { type: 'OrderDeleted'; data: { previousState: ConsignmentState; state: 'DELETED' } }
  | { type: 'OrderRestored'; data: { state: ConsignmentState } }
  /** Its return was made (docs/decisions/0057-returns.md); its own state stays. */
  | { type: 'OrderReturnCreated'; data: OrderReturn & { state: ConsignmentState } }
  /**
   * The recipient answered on the tracking page (docs/decisions/0063): the order as it is after
   * the answer. `replaced`: an earlier answer of the same kind gave way to this one.
   */
  | {
      type: 'RecipientAnswered';
      data: {
        answer: RecipientAnswer;
        replaced: boolean;
        order: BookedOrder;
        state: ConsignmentState;
      };
    };

export type ConsignmentEventType = ConsignmentEvent['type'];

export const consignmentEventTypes: readonly ConsignmentEventType[] = [
  'OrderCreated',
  'OrderUpdated',
  'OrderMoved',
  'OrderAccepted',
  'OrderRejected',
  'AddressResolved',
  'AddressUnresolved',
  'ConsignmentAssignedToSlot',
  'ConsignmentUnassignedFromSlot',
  'ConsignmentCollected',
  'ConsignmentDelivered',
  'ConsignmentDeviated',
  'ConsignmentReturned',
  'OrderDeleted',
  'OrderRestored',
  'OrderReturnCreated',
  'RecipientAnswered',
];

/** Orders and their consignment share one stream and one id (docs/decisions/0005-order-and-consignment.md). */
export const orderStream = (orderId: string) => `order-${orderId}`;
