import { z } from 'zod';
import { entityId } from '../common.js';
import type { ConsignmentState } from '../consignments/states.js';

export * from './barcode.js';

/** The label documents read model (query `labelUrls`; the client store's `labelUrls`, spec §3). */
export const ORDER_LABELS_TABLE = 'rm_order_labels';
export const ORDER_LABELS_ENTITY = 'labelUrls';

/** At most this many orders in one CREATE_MULTIPLE_LABEL (a grid selection; pages add up). */
export const MAX_LABEL_ORDERS = 200;

const gsin = z.string().regex(/^\d{17}$/, 'a shipment id has 17 digits');

/** CREATE_LABEL (spec §7): the labels of one order, named by its id or its shipment id (GSIN). */
export const createLabelSchema = z
  .object({ orderId: entityId.optional(), shipmentId: gsin.optional() })
  .refine((p) => (p.orderId === undefined) !== (p.shipmentId === undefined), {
    message: 'orderId or shipmentId is required (one of them)',
  });

/** CREATE_MULTIPLE_LABEL (spec §7): one label document for several orders (a bulk print). */
export const createMultipleLabelSchema = z.object({
  orderIds: z
    .array(entityId)
    .min(1)
    .max(MAX_LABEL_ORDERS)
    .transform((ids) => [...new Set(ids)]),
});

export const labelCommandSchemas = {
  CREATE_LABEL: createLabelSchema,
  CREATE_MULTIPLE_LABEL: createMultipleLabelSchema,
} as const;

/** Query `labelUrls` (spec §7): a label document by its id, or the documents of some orders. */
export const labelUrlsQuerySchema = z
  .object({
    orderLabelId: entityId.optional(),
    orderIds: z.array(entityId).max(1000).optional(),
  })
  .refine((p) => p.orderLabelId !== undefined || (p.orderIds && p.orderIds.length > 0), {
    message: 'orderLabelId or orderIds is required',
  });

/** A sender or receiver as the label prints it. */
export interface LabelParty {
  name: string;
  address: string;
  zipCode: string;
  zipArea: string;
  countryCode: string;
}

/** One 100 × 150 mm page: one package of one shipment. */
export interface LabelPage {
  orderId: string;
  /** GSIN (AI 402), the shipment barcode. */
  shipmentId: string;
  /** SSCC (AI 00), the package barcode. */
  packageId: string;
  /** 1-based position of the package in its shipment, of `packageCount`. */
  packageNumber: number;
  packageCount: number;
  /** Kilograms of this package (the line's weight, normalised). */
  weightKg: number;
  /** The shipment's pickup date (yyyy-MM-dd). */
  date: string;
  departmentId: string;
  departmentName: string;
  sender: LabelParty;
  receiver: LabelParty;
  customerRef: string | null;
  /**
   * The route the package is planned on when the label was printed (issue 36): the slot's name
   * and the delivery's stop number on it (null: not on its route yet); absent or null: unplanned.
   */
  route?: { name: string; stop: number | null } | null;
  /**
   * The order's concrete service code (docs/decisions/0093; its service's code where the service
   * has no template); absent on pages printed before labels carried it, null: no service.
   */
  serviceCode?: string | null;
  /**
   * The LABEL texts (0081) that applied when it was printed (docs/decisions/0097): its service's,
   * its service code's, its extras' and the `footer` text, in the delivery country's language,
   * placeholders filled. Absent on pages printed before labels carried them.
   */
  texts?: string[];
}

/**
 * The delivery's stop number on a route (1-based, breaks not counted); null when not on it.
 */
export function deliveryStopNumber(
  stops: readonly { kind: string; consignmentId?: string }[],
  orderId: string,
): number | null {
  const visits = stops.filter((s) => s.kind === 'pickup' || s.kind === 'delivery');
  const i = visits.findIndex((s) => s.kind === 'delivery' && s.consignmentId === orderId);
  return i < 0 ? null : i + 1;
}

/**
 * A label document: what was printed, for whom, by whom and when. Every print is a new document
 * (reprints are normal), so the pages are a snapshot of the orders at that moment.
 */
export interface OrderLabel {
  /** The `orderLabelId` of `/labels/{orderLabelId}` (spec §2). */
  id: string;
  orderIds: string[];
  shipmentIds: string[];
  /** The departments of its orders: a reader must see every one (entities rule). */
  departmentIds: string[];
  /** The customer of every order on it; null when they are several customers'. */
  customerId: string | null;
  createdBy: string;
  createdAt: string;
  /** The page of the document, under `/planner/{departmentId}` (spec §2 `/labels/{orderLabelId}`). */
  url: string;
  pages: LabelPage[];
}
export interface OrderLabelRow extends OrderLabel {
  revision: number;
  updatedAtEpoch: number;
}

export type LabelEvent = { type: 'LabelCreated'; data: OrderLabel };

export const labelStream = (orderLabelId: string) => `label-${orderLabelId}`;
export const labelUrl = (orderLabelId: string) => `labels/${orderLabelId}`;

/**
 * Why an order has no labels to print (null: it has). Labels need the shipment id and a package
 * id per package; an order that waits for confirmation, was rejected or deleted gets none.
 */
export function labelRefusal(
  state: ConsignmentState,
  order: { shipmentId?: string; measurements: { packageIds?: string[]; quantity: number }[] },
): string | null {
  if (state === 'UNCONFIRMED') return 'is not confirmed yet: confirm it before printing labels';
  if (state === 'REJECTED' || state === 'DELETED')
    return `is ${state.toLowerCase()}: it has no labels to print`;
  if (!order.shipmentId) return 'has no shipment id';
  const packages = order.measurements.reduce((n, l) => n + l.quantity, 0);
  const ids = order.measurements.reduce((n, l) => n + (l.packageIds?.length ?? 0), 0);
  if (packages === 0 || ids < packages) return 'has packages without a package id';
  return null;
}
