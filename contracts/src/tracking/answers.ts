import { z } from 'zod';
import { calendarDate, entityId } from '../common.js';
import { addDays } from '../consignments/validation.js';
import type { ConsignmentState } from '../consignments/states.js';
import { weekdayOf } from '../recurring/schedule.js';
import { trackingIdSchema } from './key.js';

/**
 * The recipient answers on the tracking page (issue 41 part 4; docs/decisions/0063): another
 * day, leave at the door with a note, or a pickup point. Public commands: the tracking key in the
 * payload is the only credential (`POST /openapi/command/{name}`, as PUBLIC_IDENTITY).
 */

/** An answer's note is at most this long. */
export const LEAVE_AT_DOOR_NOTE_MAX = 300;
/** The open dates run from tomorrow to this many days ahead (department time zone). */
export const OPEN_DAYS_AHEAD = 14;
/** At most this many answers per order in all: a link that leaks cannot churn an order. */
export const MAX_RECIPIENT_ANSWERS = 5;

export const recipientRequestDaySchema = z.object({
  trackingId: trackingIdSchema,
  date: calendarDate,
});
export const recipientLeaveAtDoorSchema = z.object({
  trackingId: trackingIdSchema,
  note: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(LEAVE_AT_DOOR_NOTE_MAX, { error: 'validation.tooLong' }),
});
export const recipientChoosePickupPointSchema = z.object({
  trackingId: trackingIdSchema,
  pickupPointId: entityId,
});

export const recipientAnswerCommandSchemas = {
  RECIPIENT_REQUEST_DAY: recipientRequestDaySchema,
  RECIPIENT_LEAVE_AT_DOOR: recipientLeaveAtDoorSchema,
  RECIPIENT_CHOOSE_PICKUP_POINT: recipientChoosePickupPointSchema,
} as const;
export type RecipientAnswerCommand = keyof typeof recipientAnswerCommandSchemas;

export const recipientAnswerKinds = ['day', 'leaveAtDoor', 'pickupPoint'] as const;
export type RecipientAnswerKind = (typeof recipientAnswerKinds)[number];

/** One answer as the order keeps it (the note itself is on the order: `order.leaveAtDoor`). */
export interface RecipientAnswer {
  kind: RecipientAnswerKind;
  /** The day asked for (`day`). */
  date?: string;
  /** The address-book address chosen (`pickupPoint`). */
  pickupPointId?: string;
  /** When it was answered (ISO). */
  at: string;
}

/** What a pickup point shows a recipient: the place, never a phone or the customer. */
export interface PickupPointView {
  id: string;
  name: string;
  address: string;
  zipCode: string;
  zipArea: string;
}

/** Why a day is not open (the 400's `reason`), or null when it is. */
export type ClosedReason = 'past' | 'tooFar' | 'weekend' | 'holiday';

/**
 * Whether a delivery may be moved to `date`: after `today` (the department's date), within
 * OPEN_DAYS_AHEAD days, Monday to Friday (contracts `isWorkingDay`'s rule) and not a holiday of
 * the department's country.
 */
export function closedReason(
  date: string,
  today: string,
  isHoliday: (date: string) => boolean,
): ClosedReason | null {
  if (date <= today) return 'past';
  if (date > addDays(today, OPEN_DAYS_AHEAD)) return 'tooFar';
  if (weekdayOf(date) > 5) return 'weekend';
  if (isHoliday(date)) return 'holiday';
  return null;
}

/** The dates a recipient may choose, oldest first: every open date of the window. */
export function openDates(today: string, isHoliday: (date: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = 1; i <= OPEN_DAYS_AHEAD; i++) {
    const date = addDays(today, i);
    if (closedReason(date, today, isHoliday) === null) out.push(date);
  }
  return out;
}

/** The dates `openDates` may need to know holidays for (tomorrow to the window's end). */
export const openWindow = (today: string): string[] =>
  Array.from({ length: OPEN_DAYS_AHEAD }, (_, i) => addDays(today, i + 1));

/** The order states after which the link answers 410: the shipment's story is over. */
export const trackingEndStates: readonly ConsignmentState[] = [
  'DELIVERED',
  'RETURNED',
  'DELETED',
  'REJECTED',
];
/** The states in which a recipient may answer (the goods not yet out for this delivery). */
export const answerStates: readonly ConsignmentState[] = [
  'CREATED',
  'RESOLVED',
  'UNRESOLVED',
  'ASSIGNED',
  'COLLECTED',
];

/**
 * Whether the order takes an answer now: `expired` (410), `left` (409: the courier has left with
 * it, or the order is where an answer cannot change it), or null (it may). `driven`: its slot is
 * IN_PROGRESS or PAUSED with this delivery among the stops left.
 */
export function answerRefusal(state: ConsignmentState, driven: boolean): 'expired' | 'left' | null {
  if (trackingEndStates.includes(state)) return 'expired';
  if (!answerStates.includes(state) || driven) return 'left';
  return null;
}
