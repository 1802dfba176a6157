import {
  AppError,
  billingOrderStream,
  inScope,
  invoicingRunStream,
  manualStatuses,
  orderStream,
  type Identity,
  type InvoicingAction,
} from '@nordlog/contracts';
import { assertCourierStops } from '../slots/handlers.js';
import { updateCustomer } from '../customers/handlers.js';
import { target, type Target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { assertCustomersExist } from '../framework/references.js';
import { assertDepartmentsInScope } from '../framework/scope.js';
import { billingOrderDecider, invoicingRunDecider } from './deciders.js';
import {
  orderInvoicingDecider,
  type OrderInvoicingCommand,
  type OrderInvoicingState,
} from './decider.js';

/** Orders of departments (or customers) outside the caller's access are refused as NO_ACCESS. */
const guardFor = (identity: Identity) => (state: OrderInvoicingState) => {
  if (state.status === 'booked' && !inScope(identity, state.departmentId, state.customerId))
    throw new AppError(
      'NO_ACCESS',
      'The order belongs to a department or customer outside your access',
    );
};

/** The order's invoicing target (on the order's own stream, docs/decisions/0032). */
export const orderInvoicingTarget = (
  orderId: string,
  command: OrderInvoicingCommand,
  identity: Identity,
  /** The entity the reply names (a new correction's id; else the order's). */
  id = orderId,
): Target =>
  target({
    id,
    streamId: orderStream(orderId),
    decider: orderInvoicingDecider,
    command,
    guard: guardFor(identity),
  });

const eachOrder = (ids: readonly string[], command: OrderInvoicingCommand, ctx: HandlerContext) =>
  [...new Set(ids)].map((id) => orderInvoicingTarget(id, command, ctx.identity));

/** The hold an order is in decides which move drops it (release, include or retry). */
const releaseFor = (held: string | null): InvoicingAction | null =>
  held === 'INVOICING_PAUSED'
    ? 'release'
    : held === 'EXCLUDED_FROM_INVOICING'
      ? 'include'
      : held === 'INVOICING_FAILED'
        ? 'retry'
        : null;

export const invoicingHandlers = {
  PAUSE_ORDER_INVOICING: (({ orderIds, reason }, ctx) =>
    eachOrder(
      orderIds,
      { type: 'ACT', action: 'pause', reason },
      ctx,
    )) satisfies Handler<'PAUSE_ORDER_INVOICING'>,
  RELEASE_ORDER_INVOICING: (({ orderIds, reason }, ctx) =>
    eachOrder(
      orderIds,
      { type: 'ACT', action: 'release', reason: reason || null },
      ctx,
    )) satisfies Handler<'RELEASE_ORDER_INVOICING'>,
  SET_ORDER_INVOICING_STATUS: (async ({ orderIds, status, reason }, ctx) => {
    if (status !== 'TO_BE_INVOICED')
      return eachOrder(orderIds, { type: 'ACT', action: manualStatuses[status], reason }, ctx);
    // Dropping a hold: each order by the move its own hold needs.
    const targets: Target[] = [];
    for (const id of new Set(orderIds)) {
      const state = await ctx.load(orderStream(id), orderInvoicingDecider);
      const held = state.status === 'booked' ? state.invoicing.held : null;
      const action = releaseFor(held) ?? 'release';
      targets.push(orderInvoicingTarget(id, { type: 'ACT', action, reason }, ctx.identity));
    }
    return targets;
  }) satisfies Handler<'SET_ORDER_INVOICING_STATUS'>,
  UPDATE_ORDER_PRICE_CORRECTIONS: (({ orderId, correctedArticlePrices, reason }, ctx) => [
    orderInvoicingTarget(
      orderId,
      { type: 'CORRECT_PRICES', correctedArticlePrices, reason },
      ctx.identity,
    ),
  ]) satisfies Handler<'UPDATE_ORDER_PRICE_CORRECTIONS'>,
  CREATE_ORDER_CORRECTION: (async ({ orderId, comment, ...proposed }, ctx) => {
    await assertCourierStops(ctx, [orderId]);
    const id = await newId(ctx, 'order_correction');
    return [
      orderInvoicingTarget(
        orderId,
        { type: 'CREATE_CORRECTION', id, proposed, comment },
        ctx.identity,
        id,
      ),
    ];
  }) satisfies Handler<'CREATE_ORDER_CORRECTION'>,
  ACCEPT_ORDER_CORRECTION: (({ orderId, id, comment, ...values }, ctx) => [
    orderInvoicingTarget(orderId, { type: 'ACCEPT_CORRECTION', id, values, comment }, ctx.identity),
  ]) satisfies Handler<'ACCEPT_ORDER_CORRECTION'>,
  REJECT_ORDER_CORRECTION: (({ orderId, id, comment }, ctx) => [
    orderInvoicingTarget(orderId, { type: 'REJECT_CORRECTION', id, comment }, ctx.identity),
  ]) satisfies Handler<'REJECT_ORDER_CORRECTION'>,
  START_INVOICING_RUN: (async (payload, ctx) => {
    assertDepartmentsInScope(ctx.identity, [payload.departmentId]);
    if (payload.customerId) {
      if (!inScope(ctx.identity, payload.departmentId, payload.customerId))
        throw new AppError('NO_ACCESS', 'The customer is outside your access');
      await assertCustomersExist(ctx, [payload.customerId], 'customerId');
    }
    const id = await newId(ctx, 'invoicing_run');
    return [
      target({
        id,
        streamId: invoicingRunStream(id),
        isNew: true,
        decider: invoicingRunDecider,
        command: {
          type: 'request',
          run: {
            ...payload,
            id,
            requestedBy: ctx.identity.userId,
            requestedAt: ctx.now.toISOString(),
          },
        },
      }),
    ];
  }) satisfies Handler<'START_INVOICING_RUN'>,
  CREATE_BILLING_ORDER: (async (payload, ctx) => {
    if (!inScope(ctx.identity, payload.departmentId, payload.customerId))
      throw new AppError('NO_ACCESS', 'You may not bill for this department or customer');
    await assertCustomersExist(ctx, [payload.customerId], 'customerId');
    const id = await newId(ctx, 'billing_order');
    return [
      target({
        id,
        streamId: billingOrderStream(id),
        isNew: true,
        decider: billingOrderDecider,
        command: {
          type: 'create',
          order: {
            ...payload,
            id,
            createdBy: ctx.identity.userId,
            createdAt: ctx.now.toISOString(),
          },
        },
      }),
    ];
  }) satisfies Handler<'CREATE_BILLING_ORDER'>,
  // One field of the customer, through the customer's own update (nothing else is touched).
  UPDATE_CUSTOMER_INVOICE_SPLIT: (({ id, invoiceSplit }, ctx) =>
    updateCustomer({ id, invoiceSplit }, ctx)) satisfies Handler<'UPDATE_CUSTOMER_INVOICE_SPLIT'>,
};
