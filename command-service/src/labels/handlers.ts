import {
  AppError,
  ORDER_NOT_FOUND_MESSAGE,
  inScope,
  labelRefusal,
  labelStream,
  customerStream,
  deliveryStopNumber,
  slotStream,
  labelUrl,
  orderStream,
  reservationStream,
  TEXTS_STREAM,
  type ErrorItem,
  type LabelPage,
} from '@nordlog/contracts';
import { orderDecider } from '../consignments/decider.js';
import { customerDecider } from '../customers/decider.js';
import { slotDecider } from '../slots/decider.js';
import { textsDecider } from '../texts/decider.js';
import { target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { reservationDecider } from '../framework/reservation.js';
import { labelDecider } from './decider.js';
import { labelPages } from './pages.js';

interface Printable {
  orderId: string;
  shipmentId: string;
  departmentId: string;
  customerId: string;
  pages: LabelPage[];
}

/** The reason an order is left out of a label document, most important kind first. */
const rank: Record<string, number> = { NO_ACCESS: 0, ORDER_NOT_FOUND: 1, LABEL_NOT_PRINTABLE: 2 };

/**
 * One order as the labels see it: refused when it does not exist or lies outside the caller's
 * departments or customers (the scope of the `orders` query), or has nothing to print.
 */
async function printable(ctx: HandlerContext, orderId: string): Promise<Printable | ErrorItem> {
  const state = await ctx.load(orderStream(orderId), orderDecider);
  if (state.status === 'none')
    return { errorType: 'ORDER_NOT_FOUND', description: `${orderId}: ${ORDER_NOT_FOUND_MESSAGE}` };
  if (!inScope(ctx.identity, state.departmentId, state.customerId))
    return {
      errorType: 'NO_ACCESS',
      description: `${orderId}: the order belongs to a department or customer outside your access`,
    };
  const refusal = labelRefusal(state.state, state.order);
  if (refusal)
    return {
      errorType: 'LABEL_NOT_PRINTABLE',
      description: `Order ${orderId} ${refusal}`,
      params: { orderId, state: state.state },
    };
  const [department, customer, slot, texts] = await Promise.all([
    ctx.readDepartment(state.departmentId),
    ctx.load(customerStream(state.customerId), customerDecider),
    state.slotId ? ctx.load(slotStream(state.slotId), slotDecider) : null,
    ctx.load(TEXTS_STREAM, textsDecider),
  ]);
  // Planned: the route's name and the delivery's stop number on it (issue 36).
  const route =
    slot && slot.status === 'exists'
      ? { name: slot.slot.name, stop: deliveryStopNumber(slot.slot.stops, orderId) }
      : null;
  return {
    orderId,
    shipmentId: state.order.shipmentId!,
    departmentId: state.departmentId,
    customerId: state.customerId,
    pages: labelPages(
      state.order,
      {
        id: state.departmentId,
        name: department?.name ?? state.departmentId,
      },
      customer.status === 'none'
        ? null
        : {
            // The name its recipients know it by, when it has one (docs/decisions/0071).
            name: customer.entity.senderName || customer.entity.name,
            address: customer.entity.address ?? null,
          },
      route,
      // The LABEL texts as they are now: the document keeps what it printed (docs/decisions/0097).
      Object.values(texts.texts).filter((t) => t.group === 'LABEL'),
    ),
  };
}

/** A new label document of the orders: every order printable, or nothing is recorded. */
async function labelTargets(ctx: HandlerContext, orderIds: readonly string[]) {
  const found = await Promise.all(orderIds.map((id) => printable(ctx, id)));
  const refused = found
    .filter((f): f is ErrorItem => 'errorType' in f)
    .sort((a, b) => rank[a.errorType]! - rank[b.errorType]!);
  if (refused.length > 0) throw AppError.of(refused);
  const orders = found as Printable[];
  const id = await newId(ctx, 'order_label');
  const customers = [...new Set(orders.map((o) => o.customerId))];
  const label = {
    id,
    orderIds: orders.map((o) => o.orderId),
    shipmentIds: orders.map((o) => o.shipmentId),
    departmentIds: [...new Set(orders.map((o) => o.departmentId))],
    customerId: customers.length === 1 ? customers[0]! : null,
    createdBy: ctx.identity.userId,
    createdAt: ctx.now.toISOString(),
    url: labelUrl(id),
    pages: orders.flatMap((o) => o.pages),
  };
  return [
    target({
      id,
      streamId: labelStream(id),
      isNew: true,
      decider: labelDecider,
      command: { type: 'CREATE', label },
    }),
  ];
}

/** The order a shipment id (GSIN) was booked under: its reservation names it (0020). */
async function orderOfShipment(ctx: HandlerContext, shipmentId: string): Promise<string> {
  const { ownerId } = await ctx.load(
    reservationStream('shipmentId', shipmentId),
    reservationDecider,
  );
  if (ownerId === null)
    throw new AppError('ORDER_NOT_FOUND', `${shipmentId}: ${ORDER_NOT_FOUND_MESSAGE}`);
  return ownerId;
}

export const labelHandlers = {
  CREATE_LABEL: (async ({ orderId, shipmentId }, ctx) =>
    labelTargets(ctx, [
      orderId ?? (await orderOfShipment(ctx, shipmentId!)),
    ])) satisfies Handler<'CREATE_LABEL'>,
  CREATE_MULTIPLE_LABEL: (({ orderIds }, ctx) =>
    labelTargets(ctx, orderIds)) satisfies Handler<'CREATE_MULTIPLE_LABEL'>,
};
