import { stopDurationSeconds } from '../planning/orders.js';
import { z } from 'zod';
import { NUMBER_BOUND, entityId } from '../common.js';
import { updateShape } from '../updates.js';
import { crossFieldRules, evenWithFieldIssues, type Issue } from '../crossFieldRules.js';
import { orderTypes, vehicleTypes } from './catalogues.js';
import {
  deliveryWindow,
  dimensionsConsistent,
  isDepartmentPickup,
  isEmptyAddressBlock,
  isIsoDate,
  isValidZipCodeFor,
  normaliseZipCode,
  zipCodeIssueKey,
  zonedInstant,
} from './validation.js';

import {
  additionalServiceSchema,
  addressBlockSchema,
  articlePrice,
  dangerousGoodsSchema,
  dateField,
  key,
  measurementLineSchema,
  optionalText,
  orderTextLimits,
  reference,
  timeField,
  type AddressBlock,
} from './orderParts.js';

export {
  additionalServiceSchema,
  addressBlockSchema,
  dangerousGoodsSchema,
  formNumber,
  measurementLineSchema,
  orderTextLimits,
  quantity,
  resolutionSources,
  type AdditionalService,
  type AddressBlock,
  type DangerousGoods,
  type MeasurementLine,
} from './orderParts.js';
/**
 * The order form of spec §3 as one zod schema, shared by the web form (react-hook-form with
 * `@hookform/resolvers/zod`) and the command service (CREATE_ORDER, UPDATE_ORDER). Every message is
 * a `validation.*` key (validation.ts). Parsing normalises: phones get +47 when they have no
 * prefix, a bare country prefix becomes empty, zip codes are trimmed (Swedish ones as `123 45`),
 * numbers may come as text with a decimal comma.
 */

/** Send the customer contact an e-mail when the order is created, collected or delivered. */
const eventNotifications = z
  .object({
    created: z.boolean().default(false),
    collected: z.boolean().default(false),
    delivered: z.boolean().default(false),
  })
  .default({ created: false, collected: false, delivered: false });

/** Every field of the order form (spec §3), without the cross-field rules. */
export const orderFields = z.object({
  departmentId: entityId,
  customerId: z.preprocess((v) => (v === '' ? undefined : v), entityId),
  /** The order this one was copied from (copy and copy-deleted modes), for the search result. */
  parentId: z.preprocess((v) => (v === '' || v === null ? undefined : v), entityId.optional()),
  // Identity and parties
  emailId: optionalText(200),
  eventNotifications,
  customerRef: reference,
  recipientRef: reference,
  subcustomer: optionalText(50),
  customerInfo: optionalText(orderTextLimits.customerInfo),
  customerContact: optionalText(200),
  orderNote: optionalText(orderTextLimits.orderNote),
  // Pickup and delivery
  pickup: addressBlockSchema,
  delivery: addressBlockSchema,
  // Service and timing
  serviceId: optionalText(50),
  type: z.enum(orderTypes, key('validation.choice')).default('Delivery'),
  priority: z.enum(['normal', 'high'], key('validation.choice')).default('normal'),
  pickupDate: dateField,
  pickupTimeEarliest: timeField,
  pickupTimeLatest: timeField,
  /** The day delivery starts (default: the pickup date). */
  deliveryDate: z
    .string(key('validation.date'))
    .refine((v) => v === '' || isIsoDate(v), key('validation.date'))
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  deliveryTimeEarliest: timeField,
  deliveryTimeLatest: timeField,
  // Invoicing and pricing
  manualInvoiceInfo: optionalText(orderTextLimits.manualInvoiceInfo),
  invoiceInfo: optionalText(orderTextLimits.invoiceInfo),
  correctedArticlePrices: z.array(articlePrice).max(100, key('validation.tooMany')).default([]),
  invoiceSplit: optionalText(100),
  standaloneInvoice: z.boolean().default(false),
  allowIncompletePrice: z.boolean().default(false),
  hasZeroPriceApproval: z.boolean().default(false),
  needsZeroPriceApproval: z.boolean().default(false),
  muteBomArticles: z.boolean().default(false),
  calculatedArticlePrices: z.array(articlePrice).max(100, key('validation.tooMany')).default([]),
  // Planning and grouping
  preplannedUnitId: optionalText(50),
  preplannedTemplateSlotId: optionalText(50),
  selectedDepartmentId: z.preprocess((v) => (v === '' ? undefined : v), entityId.optional()),
  groupId: optionalText(50),
  groupName: optionalText(200),
  groupOrder: z.number().int().min(0).max(NUMBER_BOUND).optional(),
  /**
   * The load carrier (pallet, cage, container) the goods travel on, by the code the sender or the
   * terminal gives it (query consignmentsInSameLoadCarrier; docs/decisions/0052-search-screens.md).
   */
  loadCarrierId: optionalText(50),
  paidTogether: z.boolean().default(false),
  fixedOrder: z.boolean().default(false),
  /** Service times at the pickup and the delivery (set-durations form, spec §2), in seconds. */
  pickupDurationSeconds: stopDurationSeconds.optional(),
  deliveryDurationSeconds: stopDurationSeconds.optional(),
  vehicleType: z.enum(vehicleTypes, key('validation.choice')).optional(),
  // Contents
  measurements: z
    .array(measurementLineSchema)
    .min(1, key('validation.atLeastOne'))
    .max(1000, key('validation.tooMany')),
  additionalServices: z
    .array(additionalServiceSchema)
    .max(50, key('validation.tooMany'))
    .default([]),
  adrGoods: z.array(dangerousGoodsSchema).max(100, key('validation.tooMany')).default([]),
  /** Orders booked by customers wait as UNCONFIRMED until a planner accepts them. */
  requiresConfirmation: z.boolean().default(false),
});

/** At most this many packages (SSCCs) in one order. */
export const MAX_PACKAGES_PER_ORDER = 1000;

type OrderShape = z.output<typeof orderFields>;

/**
 * The rules of spec §5 on a place that goods go to (a delivery block, a saved address): a name,
 * a street, a postal code valid for its country, both coordinates or neither. Paths are the
 * block's own fields.
 */
export function requiredBlockIssues(block: AddressBlock): Issue[] {
  const issues: Issue[] = [];
  if (block.name === '') issues.push({ path: ['name'], message: 'validation.required' });
  if (block.address === '') issues.push({ path: ['address'], message: 'validation.required' });
  if (block.zipCode === '') issues.push({ path: ['zipCode'], message: 'validation.required' });
  else if (!isValidZipCodeFor(block.countryCode, block.zipCode))
    issues.push({ path: ['zipCode'], message: zipCodeIssueKey(block.countryCode) });
  if ((block.lat == null) !== (block.lng == null))
    issues.push({ path: [block.lat == null ? 'lat' : 'lng'], message: 'validation.coordinates' });
  return issues;
}

function blockIssues(side: 'pickup' | 'delivery', block: AddressBlock): Issue[] {
  // Spec §5: an empty pickup block is allowed (the goods are at the department, 0015).
  if (side === 'pickup' && (isEmptyAddressBlock(block) || isDepartmentPickup(block))) return [];
  return requiredBlockIssues(block).map((i) => ({ ...i, path: [side, ...i.path] }));
}

/** The cross-field rules of spec §5 on an order's fields (without the clock: `timingIssues`). */
export function orderIssues(order: Omit<OrderShape, 'departmentId'>): Issue[] {
  const issues = [
    ...blockIssues('pickup', order.pickup),
    ...blockIssues('delivery', order.delivery),
  ];
  order.measurements.forEach((line, i) => {
    if (!dimensionsConsistent(line.length, line.width, line.height)) {
      for (const d of ['length', 'width', 'height'] as const)
        if (line[d] === 0)
          issues.push({ path: ['measurements', i, d], message: 'validation.dimensions' });
    }
    if (line.packageIds && line.packageIds.length > line.quantity)
      issues.push({ path: ['measurements', i, 'packageIds'], message: 'validation.tooMany' });
  });
  const packages = order.measurements.reduce((n, l) => n + l.quantity, 0);
  if (packages > MAX_PACKAGES_PER_ORDER)
    issues.push({ path: ['measurements'], message: 'validation.tooManyPackages' });
  if (
    order.pickupTimeEarliest &&
    order.pickupTimeLatest &&
    order.pickupTimeLatest <= order.pickupTimeEarliest
  )
    issues.push({ path: ['pickupTimeLatest'], message: 'validation.timeWindow' });
  const deliveryDate = order.deliveryDate ?? order.pickupDate;
  if (order.deliveryDate && isIsoDate(order.pickupDate) && order.deliveryDate < order.pickupDate)
    issues.push({ path: ['deliveryDate'], message: 'validation.deliveryBeforePickup' });
  // Spec §5: the end date is bumped a day when earliest > latest, so only an empty window
  // (equal times) is "not later than the start".
  const window = deliveryWindow(deliveryDate, order.deliveryTimeEarliest, order.deliveryTimeLatest);
  if (window.start && window.end && window.end <= window.start)
    issues.push({ path: ['deliveryTimeLatest'], message: 'validation.deliveryEnd' });
  return issues;
}

/** The order's rules across its fields, run even when some fields failed (crossFieldRules). */
const refineOrder = crossFieldRules((order: Omit<OrderShape, 'departmentId'>) =>
  orderIssues(order),
);

/** The stored form: zip codes normalised, the delivery end date derived (spec §5 bump). */
function finish<T extends Omit<OrderShape, 'departmentId'>>(order: T) {
  const zip = (b: AddressBlock): AddressBlock => ({
    ...b,
    zipCode: normaliseZipCode(b.countryCode, b.zipCode),
  });
  const deliveryDate = order.deliveryDate ?? order.pickupDate;
  return {
    ...order,
    pickup: zip(order.pickup),
    delivery: zip(order.delivery),
    deliveryDate,
    deliveryEndDate: deliveryWindow(
      deliveryDate,
      order.deliveryTimeEarliest,
      order.deliveryTimeLatest,
    ).endDate,
  };
}

/** CREATE_ORDER: create, copy and copy-deleted in the form all create (spec §2 modes). */
export const createOrderSchema = orderFields
  .superRefine(refineOrder, evenWithFieldIssues)
  .transform(finish);
/** What the web form validates: the same schema. */
export const orderFormSchema = createOrderSchema;
export type OrderFormInput = z.input<typeof createOrderSchema>;
export type CreateOrder = z.output<typeof createOrderSchema>;

/**
 * An order as edited: the whole form of an existing order (the department changes by MOVE_ORDERS)
 * with every rule of the form. UPDATE_ORDER merges the fields it names into the stored order and
 * validates the result with this schema.
 */
export const editedOrderSchema = orderFields
  .omit({ departmentId: true })
  .superRefine(refineOrder, evenWithFieldIssues)
  .transform(finish);
export type EditedOrder = z.output<typeof editedOrderSchema>;

/**
 * UPDATE_ORDER (update semantics, contracts/updates.ts): the order's id and the form fields to
 * change; a field left out keeps its stored value. The web form sends every field.
 */
export const updateOrderSchema = z.object({
  orderId: entityId,
  // The department changes by MOVE_ORDERS; the order a copy came from never changes.
  ...updateShape(orderFields.omit({ departmentId: true, parentId: true }).shape),
});
export type UpdateOrder = z.output<typeof updateOrderSchema>;

/**
 * The stored order with an update's fields put in: what `editedOrderSchema` then validates. A
 * delivery date that only followed the pickup date (the form's default) follows a new pickup date.
 */
export function mergeOrderUpdate(
  stored: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [k, v] of Object.entries(changes)) if (v !== undefined) merged[k] = v;
  if (
    changes.pickupDate !== undefined &&
    changes.deliveryDate === undefined &&
    stored.deliveryDate === stored.pickupDate
  )
    delete merged.deliveryDate;
  return merged;
}

/**
 * Spec §5 "a date-time must be in the future": the pickup's latest moment (the pickup date at its
 * latest time, or the end of that day) in the pickup's time zone must be after `now`.
 */
export function timingIssues(
  order: { pickupDate: string; pickupTimeLatest?: string | undefined },
  now: Date,
  timeZone: string,
): Issue[] {
  if (!isIsoDate(order.pickupDate)) return [];
  const latest = zonedInstant(order.pickupDate, order.pickupTimeLatest ?? '23:59', timeZone);
  if (latest.getTime() + (order.pickupTimeLatest ? 0 : 60_000) > now.getTime()) return [];
  return [
    {
      path: [order.pickupTimeLatest ? 'pickupTimeLatest' : 'pickupDate'],
      message: 'validation.future',
    },
  ];
}

/** Total packages of an order (one SSCC each). */
export const packageCount = (lines: readonly { quantity: number }[]): number =>
  lines.reduce((n, l) => n + l.quantity, 0);
