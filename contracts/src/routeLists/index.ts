import { z } from 'zod';
import { calendarDate, entityId } from '../common.js';
import type { orderTypes } from '../consignments/catalogues.js';
import type { ConsignmentState } from '../consignments/states.js';
import type { SlotState } from '../planning/slots.js';

/**
 * Route lists (spec §2 receipt, load and route lists, waybills and delivery notes; §7 the queries
 * `waybills` and `deliveryNotes` and the call `exportLocationListForSlot`): the documents a
 * department prints for its couriers and recipients. They are read from the orders and slots read
 * models; nothing is stored (docs/decisions/0021-planning.md, "Route lists").
 */

/** At most this many orders in one `waybills` query (a grid selection). */
export const MAX_WAYBILL_ORDERS = 500;

/** Query `waybills {orderIds}` (spec §7): the waybill of each order the caller may read. */
export const waybillsQuerySchema = z.object({
  orderIds: z
    .array(entityId)
    .min(1)
    .max(MAX_WAYBILL_ORDERS)
    .transform((ids) => [...new Set(ids)]),
});

/**
 * Query `deliveryNotes {slotId | date, departmentIds}` (spec §7): one note per consignment
 * planned in the slot, or in the slots of the date in the departments (all the caller sees when
 * left out). One of `slotId` and `date` is required.
 */
export const deliveryNotesQuerySchema = z
  .object({
    slotId: entityId.optional(),
    date: calendarDate.optional(),
    departmentIds: z.array(entityId).max(1000).optional(),
  })
  .refine((p) => p.slotId !== undefined || p.date !== undefined, {
    path: ['slotId'],
    message: 'slotId or date is required',
  });

/** `POST /exportLocationListForSlot {slot}` (spec §7): the CSV of one slot's stops in route order. */
export const exportLocationListSchema = z.object({ slot: entityId });

/** The path of the CSV export (spec §7 writes it without `/api`; both are served). */
export const EXPORT_LOCATION_LIST_PATH = '/exportLocationListForSlot';
/** The file name of a slot's location list. */
export const locationListFileName = (slotId: string) => `slot-${slotId}-locations.csv`;

/** A sender or recipient as a waybill or delivery note prints it. */
export interface DocumentParty {
  name: string;
  address: string;
  zipCode: string;
  zipArea: string;
  countryCode: string;
  phone: string;
  contactPerson: string;
  /** The order's instructions for this side (where to leave it, door codes…). */
  instructions: string;
}

/** One package of a shipment. */
export interface DocumentPackage {
  /** The SSCC (AI 00); null for a package of an order booked before package ids. */
  packageId: string | null;
  weightKg: number;
  volumeDm3: number;
  /** What the package is (the line's description or package type), '' when not given. */
  description: string;
}

/**
 * A waybill (consignment note) of one order: who sends what to whom, with which service, when,
 * and every package with its SSCC. `id` is the order id (a document per order).
 */
export interface Waybill {
  id: string;
  orderId: string;
  shipmentId: string | null;
  state: ConsignmentState;
  departmentId: string;
  departmentName: string;
  customerId: string;
  /** The customer's current name (null when not known). */
  customerName: string | null;
  sender: DocumentParty;
  recipient: DocumentParty;
  serviceId: string;
  type: (typeof orderTypes)[number];
  pickupDate: string;
  pickupTimeEarliest: string | null;
  pickupTimeLatest: string | null;
  /** The day delivery starts (the pickup date when the order names none). */
  deliveryDate: string;
  deliveryTimeEarliest: string | null;
  deliveryTimeLatest: string | null;
  customerRef: string | null;
  recipientRef: string | null;
  orderNote: string;
  additionalServices: { vasCode: string; quantity: number }[];
  /** The order declares dangerous goods (ADR lines). */
  dangerousGoods: boolean;
  packages: DocumentPackage[];
  totals: { count: number; weightKg: number; volumeDm3: number };
  slotId: string | null;
  createdAt: string;
}

/** The slot a delivery note's consignment is planned in, as the note's header prints it. */
export interface SlotHeader {
  id: string;
  name: string;
  date: string;
  timeFrom: string;
  timeTo: string | null;
  state: SlotState;
  departmentId: string;
  departmentName: string;
  unitId: string | null;
  unitName: string | null;
  registrationNumber: string | null;
  courierId: string | null;
  courierName: string | null;
}

/**
 * A delivery note: the waybill of a consignment planned in a slot, for the recipient to sign, with
 * its slot and the position of its delivery in the route (the route point's `sequence`).
 */
export interface DeliveryNote extends Waybill {
  slot: SlotHeader;
  stopNumber: number | null;
}
