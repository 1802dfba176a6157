import {
  AppError,
  SYSTEM_IDENTITY,
  addressStream,
  articleStream,
  closedReason,
  holidayId,
  holidayStream,
  isDriving,
  openWindow,
  orderStream,
  slotStream,
  type HolidayType,
  type MarketCountry,
} from '@nordlog/contracts';
import { addressDecider } from '../addressBook/decider.js';
import { orderDecider } from '../consignments/decider.js';
import type { Booked } from '../consignments/state.js';
import { target } from '../framework/decider.js';
import { articleIdOfCode } from '../pricing/articleCodes.js';
import type { Handler, HandlerContext } from '../framework/handler.js';
import { holidayDecider } from '../holidays/decider.js';
import { slotDecider } from '../slots/decider.js';
import { serviceMappingDecider } from '../texts/mapping.js';
import { leavesSlot, localDate } from '../slots/handlers.js';
import { assertAnswerable, type AnswerChange } from './decide.js';

/**
 * The recipient's answers on the tracking page (issue 41 part 4,
 * docs/decisions/0063-recipient-answers.md). Public commands: the caller is PUBLIC_IDENTITY and
 * the tracking key in the payload is the only credential. The key finds its one order; an unknown
 * key is the tracking query's own 404, so an answer tells no more of which keys exist.
 */

const noShipment = () => new AppError('NOT_FOUND', 'No shipment has this tracking link');
/** Holidays on which nothing is delivered: the country's public ones and its no-delivery days. */
const closedTypes: HolidayType[] = ['PUBLIC_HOLIDAY', 'NO_DELIVERY'];

/** The order whose tracking link has this key, with the stream revision it was read at. */
async function trackedOrder(
  ctx: HandlerContext,
  trackingId: string,
): Promise<{ order: Booked; revision: number | null }> {
  if (!ctx.trackedOrderId)
    throw new AppError('SERVICE_UNAVAILABLE', 'Tracking links cannot be looked up here');
  const orderId = await ctx.trackedOrderId(trackingId);
  if (!orderId) throw noShipment();
  const { state, revision } = await ctx.loadVersioned(orderStream(orderId), orderDecider);
  // The read model said so; the stream decides (a key is never moved to another order).
  if (state.status !== 'booked' || state.order.trackingId !== trackingId) throw noShipment();
  return { order: state, revision };
}

/** Whether its slot is being driven with this delivery still among its stops. */
async function driven(ctx: HandlerContext, order: Booked): Promise<boolean> {
  if (!order.slotId) return false;
  const slot = await ctx.load(slotStream(order.slotId), slotDecider);
  if (slot.status !== 'exists' || !isDriving(slot.slot.state)) return false;
  return slot.slot.stops.some(
    (s) => s.kind === 'delivery' && s.consignmentId === order.order.orderId,
  );
}

/** The order's department's date today and whether a date is one of its country's holidays. */
export async function departmentCalendar(ctx: HandlerContext, departmentId: string) {
  const department = await ctx.readDepartment(departmentId);
  const country: MarketCountry = department?.country ?? 'NO';
  const today = localDate(ctx.now.toISOString(), country);
  const dates = openWindow(today);
  const holidays = new Set<string>();
  const keys = dates.flatMap((date) => closedTypes.map((type) => ({ date, type, country })));
  const states = await ctx.loadMany(
    keys.map((k) => holidayStream(holidayId(k))),
    holidayDecider,
  );
  keys.forEach((k, i) => {
    if (states[i]!.state.status === 'exists') holidays.add(k.date);
  });
  return { today, isHoliday: (date: string) => holidays.has(date) };
}

/** The address-book place of a pickup point of this department; 404 for any other id. */
async function pickupPoint(ctx: HandlerContext, id: string, departmentId: string) {
  const state = await ctx.load(addressStream(id), addressDecider);
  if (
    state.status !== 'exists' ||
    state.entity.departmentId !== departmentId ||
    !state.entity.pickupPoint
  )
    throw new AppError('NOT_FOUND', "No pickup point of this shipment's department has this id");
  return state.entity.block;
}

/**
 * Whether the order's service lets the recipient change the delivery: the service mapping's
 * `allowFlexDelivery` (docs/decisions/0081 addendum). An order without a service, or with a code
 * the catalogue does not know (the booking keeps free codes of older orders), is not held back.
 */
async function flexDeliveryAllowed(ctx: HandlerContext, serviceCode: string | undefined) {
  if (!serviceCode) return true;
  const id = await articleIdOfCode(ctx, serviceCode);
  if (id === null) return true;
  const mapping = await ctx.load(articleStream(id), serviceMappingDecider);
  return mapping.status !== 'exists' || mapping.allowFlexDelivery;
}

/** One answer: found by its key, checked, decided on the order's stream with its slot. */
async function answer(
  ctx: HandlerContext,
  trackingId: string,
  change: (order: Booked) => Promise<AnswerChange> | AnswerChange,
) {
  const { order, revision } = await trackedOrder(ctx, trackingId);
  const isDriven = await driven(ctx, order);
  assertAnswerable(order.state, isDriven);
  if (!(await flexDeliveryAllowed(ctx, order.order.serviceId)))
    throw new AppError(
      'INVALID_STATE_TRANSITION',
      "The shipment's service takes no changes from the recipient; call the sender",
      {
        action: 'recipientAnswer',
        reason: 'flexDeliveryNotAllowed',
        serviceId: order.order.serviceId ?? '',
      },
    );
  const made = await change(order);
  // The slot the order leaves goes with it: the order's key is the credential, not the slot.
  const asSystem: HandlerContext = { ...ctx, identity: SYSTEM_IDENTITY };
  return [
    target({
      id: order.order.orderId,
      streamId: orderStream(order.order.orderId),
      decider: orderDecider,
      command: { type: 'ANSWER', change: made, driven: isDriven, at: ctx.now.toISOString() },
      basedOn: revision,
      ...(made.kind === 'leaveAtDoor' ? {} : { companions: leavesSlot(asSystem) }),
    }),
  ];
}

export const recipientAnswerHandlers = {
  RECIPIENT_REQUEST_DAY: (({ trackingId, date }, ctx) =>
    answer(ctx, trackingId, async (order) => {
      const { today, isHoliday } = await departmentCalendar(ctx, order.departmentId);
      const reason = closedReason(date, today, isHoliday);
      if (reason)
        throw new AppError(
          'VALIDATION_ERROR',
          `payload.date: ${date} is not an open delivery day (${reason})`,
          { field: 'date', key: `tracking.closed.${reason}`, date, reason },
        );
      return { kind: 'day', date };
    })) satisfies Handler<'RECIPIENT_REQUEST_DAY'>,
  RECIPIENT_LEAVE_AT_DOOR: (({ trackingId, note }, ctx) =>
    answer(ctx, trackingId, () => ({
      kind: 'leaveAtDoor',
      note,
    }))) satisfies Handler<'RECIPIENT_LEAVE_AT_DOOR'>,
  RECIPIENT_CHOOSE_PICKUP_POINT: (({ trackingId, pickupPointId }, ctx) =>
    answer(ctx, trackingId, async (order) => ({
      kind: 'pickupPoint',
      pickupPointId,
      block: await pickupPoint(ctx, pickupPointId, order.departmentId),
    }))) satisfies Handler<'RECIPIENT_CHOOSE_PICKUP_POINT'>,
};
