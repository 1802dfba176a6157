import { z } from 'zod';
import type { ConsignmentState } from '../consignments/states.js';
import type { ScanKind } from '../scans/rules.js';
import type { PickupPointView } from './answers.js';
import type { TrackingNps } from '../nps/index.js';
import { trackingIdSchema } from './key.js';
export { arrivalDayIfOther, dayIn, trackingSocket, type TrackingSignal } from './signals.js';

/**
 * The public tracking page (spec §1, §2 `/track/{id}`, §7 getShipmentDetailsFromTracking;
 * docs/decisions/0028-tracking.md). A recipient opens a link without logging in, so the id in
 * the link is the only key: 128 random bits given to the order when it is booked (base64url, 22
 * characters), never the shipment or order number, which are sequential and could be walked.
 */
export { TRACKING_ID_BYTES, TRACKING_ID_PATTERN, trackingIdSchema } from './key.js';
export * from './answers.js';

/** Query `getShipmentDetailsFromTracking {id}`: answered with and without a session. */
export const trackingQuerySchema = z.object({ id: trackingIdSchema });
/**
 * Query `shipmentTracking {reference}`: support staff open a parcel's tracking by its shipment
 * number (GSIN) or a package's SSCC, under their own read access (issue 36); the random key
 * stays the public link's.
 */
export const shipmentTrackingQuerySchema = z.object({
  reference: z
    .string()
    .trim()
    .regex(/^\d{1,35}$/, 'a shipment number or an SSCC (digits)'),
});

/** Spec §2: tracking links have the form `{host}/track/{id}?referrer=internal`. */
export const trackingLink = (host: string, id: string): string =>
  `${host.replace(/\/+$/, '')}/track/${encodeURIComponent(id)}?referrer=internal`;

/**
 * Where the shipment is, in the recipient's words: the consignment states (spec §4) grouped into
 * the steps a tracking page shows. The table is the whole rule; every state has a step.
 */
export const trackingStages = [
  'booked',
  'planned',
  'onTheWay',
  'delivered',
  'deviated',
  'returned',
  'cancelled',
] as const;
export type TrackingStage = (typeof trackingStages)[number];
export const trackingStageOf: Readonly<Record<ConsignmentState, TrackingStage>> = {
  CREATED: 'booked',
  UNCONFIRMED: 'booked',
  UNRESOLVED: 'booked',
  RESOLVED: 'booked',
  OFFERED: 'booked',
  REFUSED: 'booked',
  ASSIGNED: 'planned',
  COLLECTED: 'onTheWay',
  DELIVERED: 'delivered',
  DEVIATED: 'deviated',
  RETURNED: 'returned',
  DELETED: 'cancelled',
  REJECTED: 'cancelled',
};

/**
 * The step a recipient sees: the state's step, except that a planned shipment whose route is
 * being driven (its slot IN_PROGRESS or PAUSED) is on the way, not "planned" (issue 36: a
 * shipment on a route in progress showed Planned).
 */
export function trackingStage(state: ConsignmentState, routeDriven: boolean): TrackingStage {
  const stage = trackingStageOf[state];
  return stage === 'planned' && routeDriven ? 'onTheWay' : stage;
}

/**
 * A courier's position shown to a recipient is rounded to this many decimals of a degree (3:
 * about 110 m north-south), and shown only while the courier's next stop is the recipient's.
 */
export const TRACKING_POSITION_DECIMALS = 3;
export const roundForRecipient = (degrees: number): number => {
  const f = 10 ** TRACKING_POSITION_DECIMALS;
  return Math.round(degrees * f) / f;
};

/**
 * Everything a recipient may see of a shipment. Nothing else leaves the server on the public
 * path: the query's answer is made by `recipientView`, which copies these fields and no others.
 */
export interface TrackingDetails {
  /** The public link's key; null for an order booked before keys existed (0028). */
  trackingId: string | null;
  /** The shipment number printed on the label the recipient receives. */
  shipmentId: string | null;
  state: ConsignmentState;
  stage: TrackingStage;
  /** The delivery day (yyyy-MM-dd) and window (HH:mm local to `timeZone`), when the order has one. */
  deliveryDate: string;
  deliveryTimeEarliest: string | null;
  deliveryTimeLatest: string | null;
  timeZone: string;
  /** The recipient's own town: the delivery address's postal area. */
  deliveryZipArea: string;
  packageCount: number;
  /** Estimated arrival (ISO) while the slot is being driven and the delivery is not done. */
  eta: string | null;
  /** Stops the courier makes before this one (same condition as `eta`). */
  stopsBefore: number | null;
  /** The courier, rounded, only while its next stop is this delivery. */
  courierPosition: { lat: number; lng: number; at: string } | null;
  /** When the shipment last changed (ISO). */
  updatedAt: string;
  /**
   * The steps the courier's scans took the parcels to, each kind once (its first time), oldest
   * first; no codes, warnings or positions (docs/decisions/0064-courier-scans.md).
   */
  scans: { kind: ScanKind; at: string }[];
  /**
   * What proves the delivery (docs/decisions/0068): `signed` (a signature), `photo` (photos only),
   * null (none). Never the name, the signature or the photos themselves.
   */
  proof: 'signed' | 'photo' | null;
  /**
   * Whether the recipient may answer now (docs/decisions/0063): another day, leave at the door,
   * a pickup point. False once the courier has left with it or the shipment's story is over.
   */
  answersOpen: boolean;
  /** The days the delivery may be moved to (yyyy-MM-dd; empty while answers are closed). */
  openDates: string[];
  /** The department's pickup points (empty while answers are closed). */
  pickupPoints: PickupPointView[];
  /**
   * The answers given (kind and when; the day or point asked for), newest last. Never the note:
   * the page shows that it was left, not what it says.
   */
  answers: { kind: 'day' | 'leaveAtDoor' | 'pickupPoint'; at: string; date?: string }[];
  /**
   * The net promoter question after delivery (docs/decisions/0083): whether it is asked now,
   * whether it was answered, and the sender it names while asked. Never the score or comment.
   */
  nps: TrackingNps;
}

/** The recipient's fields, as data: the tests check every answer and frame against it. */
export const TRACKING_FIELDS = [
  'trackingId',
  'shipmentId',
  'state',
  'stage',
  'deliveryDate',
  'deliveryTimeEarliest',
  'deliveryTimeLatest',
  'timeZone',
  'deliveryZipArea',
  'packageCount',
  'eta',
  'stopsBefore',
  'courierPosition',
  'updatedAt',
  'scans',
  'proof',
  'answersOpen',
  'openDates',
  'pickupPoints',
  'answers',
  'nps',
] as const satisfies readonly (keyof TrackingDetails)[];
/** The fields of a courier position a recipient may see. */
export const TRACKING_POSITION_FIELDS = ['lat', 'lng', 'at'] as const;

// The list and the type name the same fields: a field added to one and not the other fails here.
type Listed = (typeof TRACKING_FIELDS)[number];
const everyFieldListed: Record<Exclude<keyof TrackingDetails, Listed>, never> = {};
void everyFieldListed;

/**
 * The answer a recipient gets: only the listed fields, the position only with its listed fields
 * and rounded. Whatever else `source` holds (it is built from read models that hold phone
 * numbers, e-mails, prices and other recipients' stops) is left behind.
 */
export function recipientView(source: TrackingDetails): TrackingDetails {
  const out = {} as Record<Listed, unknown>;
  for (const field of TRACKING_FIELDS) out[field] = source[field];
  const position = source.courierPosition;
  out.pickupPoints = source.pickupPoints.map(({ id, name, address, zipCode, zipArea }) => ({
    id,
    name,
    address,
    zipCode,
    zipArea,
  }));
  out.answers = source.answers.map(({ kind, at, date }) => ({
    kind,
    at,
    ...(date ? { date } : {}),
  }));
  out.nps = {
    asked: source.nps.asked,
    answered: source.nps.answered,
    sender: source.nps.asked ? source.nps.sender : null,
  };
  out.courierPosition = position
    ? {
        lat: roundForRecipient(position.lat),
        lng: roundForRecipient(position.lng),
        at: position.at,
      }
    : null;
  return out as unknown as TrackingDetails;
}
