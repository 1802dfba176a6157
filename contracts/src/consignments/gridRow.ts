import { z } from 'zod';
import { entityId, isoDate } from '../common.js';
import { UNKNOWN_CONSIGNMENT_STATE_MESSAGE } from '../errors.js';
import type { GeoPrecision } from '../geocoding/index.js';
import type { vehicleTypes } from './catalogues.js';
import type { consignmentStates } from './states.js';
import { isConsignmentState, type ConsignmentState } from './states.js';

/** Read-model tables are named here, so the projection and the query meet by one constant. */
export const CONSIGNMENT_GRID_TABLE = 'rm_consignment_grid';
export const CONSIGNMENT_GRID_ENTITY = 'consignments';
/**
 * The customers' current names, kept by the grid's projection (its own table) and read by the
 * order queries too: an order shows its customer's name whatever department the customer is in.
 */
export const CUSTOMER_NAMES_TABLE = 'rm_consignment_grid_customers';

/** A row of the consignment grid (spec §3 "Consignment (read by the client)" plus grid columns). */
export interface ConsignmentRow {
  id: string;
  orderId: string;
  /** The GSIN the order drew from the number series (null for orders booked before them). */
  shipmentId: string | null;
  /** The key of the public tracking link (`/track/{trackingId}`); null for orders without one. */
  trackingId: string | null;
  /** The SSCC of every package. */
  packageIds: string[];
  departmentId: string;
  customerId: string;
  /**
   * The customer's name as it is now, whatever department the customer belongs to (the grid shows
   * it and searches it; a rename reaches every row). Null until the customer's name is known.
   */
  customerName: string | null;
  /** Business date: the pickup date, local to the department's country. */
  date: string;
  groupId: string | null;
  loadCarrierId: string | null;
  groupOrder: number | null;
  state: (typeof consignmentStates)[number];
  type: string;
  priority: 'normal' | 'high';
  slotId: string | null;
  deliveryTimeEarliest: string | null;
  deliveryTimeLatest: string | null;
  pickupTimeEarliest: string | null;
  pickupTimeLatest: string | null;
  weightValue: number;
  weightUnit: 'KGM';
  volumeValue: number;
  volumeUnit: 'DMQ';
  widthValue: number;
  widthUnit: 'CMT';
  heightValue: number;
  heightUnit: 'CMT';
  lengthValue: number;
  lengthUnit: 'CMT';
  packageCount: number;
  /** Service times (seconds) at the pickup and delivery, when a planner set them. */
  pickupDurationSeconds?: number | null;
  deliveryDurationSeconds?: number | null;
  /**
   * The vehicle type the order was booked for (spec §3; UPDATE_ORDER_VEHICLE_TYPE): only a route
   * whose unit is of that type may carry it (the optimiser's rule, docs/decisions/0094). Null: any.
   */
  vehicleType?: (typeof vehicleTypes)[number] | null;
  /**
   * The order's concrete service code (docs/decisions/0093), else its service's code; null: no
   * service. Shown in the shipments grid and printed on its labels (0097).
   */
  serviceCode?: string | null;
  /** The order's group (spec §7 order grouping) and whether its stops keep their order. */
  groupName?: string | null;
  fixedOrder?: boolean;
  customerRef: string | null;
  recipientRef: string | null;
  pickupName: string;
  pickupAddress: string;
  pickupZipCode: string;
  pickupZipArea: string;
  pickupCountryCode: string;
  pickupLat: number | null;
  pickupLng: number | null;
  /**
   * How precise the pickup's point is (contracts/geocoding `geoPrecisions`); null: not known (an
   * address placed before precision was recorded), which counts as approximate (`isApproximate`).
   */
  pickupPrecision: GeoPrecision | null;
  deliveryName: string;
  deliveryAddress: string;
  deliveryZipCode: string;
  deliveryZipArea: string;
  deliveryCountryCode: string;
  deliveryLat: number | null;
  deliveryLng: number | null;
  /** How precise the delivery's point is; null: not known (approximate). */
  deliveryPrecision: GeoPrecision | null;
  deviationReason: string | null;
  rejectionReason: string | null;
  createdAt: string;
  updatedAtEpoch: number;
  /** Stream revision of the last event applied: clients never let an older revision win. */
  revision: number;
  isAssignable: boolean;
  isSelectable: boolean;
  isDeletable: boolean;
  isEditable: boolean;
}

/**
 * Every field of a consignment row, for `consignments {fields}`: a screen that draws a few fields
 * of many rows (the map) asks for those alone. `ConsignmentRowFields` checks that the list names
 * every field of the row and nothing else.
 */
export const consignmentRowFields = [
  'id',
  'orderId',
  'shipmentId',
  'trackingId',
  'packageIds',
  'departmentId',
  'customerId',
  'customerName',
  'date',
  'groupId',
  'loadCarrierId',
  'groupOrder',
  'state',
  'type',
  'priority',
  'slotId',
  'deliveryTimeEarliest',
  'deliveryTimeLatest',
  'pickupTimeEarliest',
  'pickupTimeLatest',
  'weightValue',
  'weightUnit',
  'volumeValue',
  'volumeUnit',
  'widthValue',
  'widthUnit',
  'heightValue',
  'heightUnit',
  'lengthValue',
  'lengthUnit',
  'packageCount',
  'pickupDurationSeconds',
  'deliveryDurationSeconds',
  'vehicleType',
  'serviceCode',
  'groupName',
  'fixedOrder',
  'customerRef',
  'recipientRef',
  'pickupName',
  'pickupAddress',
  'pickupZipCode',
  'pickupZipArea',
  'pickupCountryCode',
  'pickupLat',
  'pickupLng',
  'pickupPrecision',
  'deliveryName',
  'deliveryAddress',
  'deliveryZipCode',
  'deliveryZipArea',
  'deliveryCountryCode',
  'deliveryLat',
  'deliveryLng',
  'deliveryPrecision',
  'deviationReason',
  'rejectionReason',
  'createdAt',
  'updatedAtEpoch',
  'revision',
  'isAssignable',
  'isSelectable',
  'isDeletable',
  'isEditable',
] as const;
export type ConsignmentRowField = (typeof consignmentRowFields)[number];
type Exhaustive<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const consignmentRowFieldsExhaustive: Exhaustive<ConsignmentRowField, keyof ConsignmentRow> =
  true;

/**
 * What `consignments {fields}` always sends with the fields asked: what identifies a row, what
 * orders its versions (live updates), and every field its reader's access is judged on (the
 * entity's scope in entities.ts; consignmentFields.unit.test.ts checks that a row cut to these has
 * the same scope as the whole row).
 */
export const consignmentRowKeyFields = [
  'id',
  'revision',
  'updatedAtEpoch',
  'departmentId',
  'customerId',
  'date',
  'state',
] as const satisfies readonly ConsignmentRowField[];

/**
 * The fields of a consignment the planner's map draws and lists: it asks `consignments {fields}`
 * for these alone, about a third of a row, so a day of 20,000 comes sooner (`npm run bench:map`).
 */
export const MAP_FIELDS = [
  'id',
  'revision',
  'updatedAtEpoch',
  'shipmentId',
  'state',
  'slotId',
  'isAssignable',
  'pickupName',
  'pickupAddress',
  'pickupLat',
  'pickupLng',
  'pickupPrecision',
  'pickupTimeEarliest',
  'pickupTimeLatest',
  'deliveryName',
  'deliveryAddress',
  'deliveryZipCode',
  'deliveryZipArea',
  'deliveryLat',
  'deliveryLng',
  'deliveryPrecision',
  'deliveryTimeEarliest',
  'deliveryTimeLatest',
] as const satisfies readonly ConsignmentRowField[];

/**
 * A map row as the grid's read model keeps it beside the whole row (`map_data`, a column
 * PostgreSQL computes from `data`): the map's fields and the fields every selection carries. A
 * selection within these is read from that column, a third of a row's size, instead of the whole
 * row (`npm run bench:map`).
 */
export const MAP_ROW_FIELDS = [
  ...new Set<ConsignmentRowField>([...consignmentRowKeyFields, ...MAP_FIELDS]),
] as readonly ConsignmentRowField[];

/** A state parameter: anything not in the list is the spec's "Unknown consignment state". */
export const consignmentStateParam = z
  .string()
  .refine((v): v is ConsignmentState => isConsignmentState(v), {
    message: UNKNOWN_CONSIGNMENT_STATE_MESSAGE,
  })
  .transform((v) => v);
const states = z.array(consignmentStateParam).optional();
const ids = z.array(entityId).optional();

/** Query `consignments`: the grid of one or more departments over a date range. */
export const consignmentsQuerySchema = z.object({
  departmentIds: ids,
  customerIds: ids,
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  states,
  ids: ids,
  slotId: entityId.optional(),
  /**
   * At most a page of 5,000 rows and the row after it: a client loading a whole day asks one row
   * more than it keeps, to know whether the day goes on past that page.
   */
  limit: z.number().int().min(1).max(5001).default(1000),
  offset: z.number().int().min(0).default(0),
  /**
   * Only these fields of each row; all when absent. `id`, `revision`, `updatedAtEpoch` and what
   * access is judged on (`departmentId`, `customerId`, `date`, `state`) always come too.
   */
  fields: z.array(z.enum(consignmentRowFields)).min(1).max(consignmentRowFields.length).optional(),
});

/** Query `searchConsignments`: phrase of more than 2 characters, words combined with OR (spec §9). */
export const searchConsignmentsQuerySchema = z.object({
  searchPhrase: z.string().trim().min(3, 'search needs more than 2 characters'),
  searchOperator: z.enum(['AND', 'OR']).default('OR'),
  states,
  state: consignmentStateParam.optional(),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  dates: z.array(isoDate).optional(),
  departmentIds: ids,
  customerIds: ids,
  customerId: entityId.optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
