import {
  AppError,
  ORDER_NOT_FOUND_MESSAGE,
  createOrderSchema,
  customerStream,
  orderStream,
  type AddressBlock,
  type BookedOrder,
  type CopyDestination,
  type CreateCustomer,
  type Department,
  type PostalAddress,
  type ReturnKind,
  type ReturnLink,
} from '@nordlog/contracts';
import { validationError } from '@nordlog/platform';
import { bookedOrder, departmentOf } from '../consignments/booking.js';
import { shdTakes } from '../shd/places.js';
import { orderDecider, type OrderCommand } from '../consignments/decider.js';
import { guardFor, shipmentClaims } from '../consignments/handlers.js';
import type { Booked } from '../consignments/state.js';
import { customerDecider } from '../customers/decider.js';
import { target, type Target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { localDate } from '../slots/handlers.js';
import { assertReturnable } from '@nordlog/contracts';

/**
 * Returns (docs/decisions/0057-returns.md): new orders made from one, booked by the same rules
 * as a typed order (numbers, address lookup, the clock), and the order's record of its return,
 * appended together: the order's stream is the target and the return's orders its companions,
 * so a return is all its orders or none, and a second return of the order is refused by its
 * decider even when two requests race.
 */

const emptyParty = {
  phone: '',
  secondPhone: '',
  email: '',
  contactPerson: '',
  instructions: '',
  pupUnitId: '',
};

/** The department's terminal as an address: where goods wait between the legs of a return. */
function terminalBlock(department: Department): AddressBlock {
  const address = department.address;
  if (!address)
    throw new AppError(
      'BAD_REQUEST',
      `Department ${department.name} has no address: set it (admin, departments) to route returns through its terminal`,
      { departmentId: department.id },
    );
  return {
    ...emptyParty,
    name: department.name,
    address: address.street,
    zipCode: address.postalCode,
    zipArea: address.town,
    countryCode: address.country,
    lat: department.location?.lat ?? null,
    lng: department.location?.lng ?? null,
    ...(department.location
      ? { resolvedBy: 'DEPARTMENT_LOCATION' as const, precision: 'address' as const }
      : {}),
  };
}

/** One of the customer's own addresses as an order's party (placed by the booking's geocoding). */
const customerBlock = (name: string, address: PostalAddress): AddressBlock => ({
  ...emptyParty,
  name,
  address: address.street,
  zipCode: address.postalCode,
  zipArea: address.town,
  countryCode: address.country,
  lat: null,
  lng: null,
});

/**
 * Where returns wait between legs: the customer's own terminal when it has one (docs/decisions/
 * 0071), else the department's.
 */
const terminalOf = (customer: CustomerFields, department: Department): AddressBlock =>
  customer.terminalAddress
    ? customerBlock(customer.name, customer.terminalAddress)
    : terminalBlock(department);

/**
 * Where goods go back to: the customer's return address, else where they were picked up (the
 * original order's pickup, as it was placed).
 */
function senderBlock(customer: CustomerFields, order: BookedOrder): AddressBlock {
  const address = customer.returnAddress;
  if (address) return customerBlock(customer.name, address);
  if (!order.pickup.address || !order.pickup.zipCode)
    throw new AppError(
      'BAD_REQUEST',
      'The goods were handed in at the terminal and the customer has no return address: set the customer’s return address first',
      { customerId: order.customerId },
    );
  return {
    ...order.pickup,
    ...(order.pickup.lat != null ? { resolvedBy: 'ORIGINAL_ORDER' as const } : {}),
  };
}

type CustomerFields = Pick<CreateCustomer, 'name'> & {
  returnAddress: CreateCustomer['returnAddress'];
  returnLastLeg: boolean;
  terminalAddress: CreateCustomer['terminalAddress'];
};

async function customerOf(ctx: HandlerContext, id: string): Promise<CustomerFields> {
  const state = await ctx.load(customerStream(id), customerDecider);
  if (state.status === 'none') throw new AppError('NOT_FOUND', `Customer ${id} not found`);
  const c = state.entity as Partial<CreateCustomer> & { name: string };
  return {
    name: c.name,
    returnAddress: c.returnAddress ?? null,
    returnLastLeg: c.returnLastLeg ?? true,
    terminalAddress: c.terminalAddress ?? null,
  };
}

/** The returned order, read, guarded and checked before numbers are spent on its return. */
async function returnable(ctx: HandlerContext, orderId: string, kind: ReturnKind): Promise<Booked> {
  const state = await ctx.load(orderStream(orderId), orderDecider);
  if (state.status === 'none') throw new AppError('ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  guardFor(ctx.identity)(state);
  assertReturnable(state, kind);
  return state;
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A return's order: the returned order's contents between two places on a date (0057). */
function returnOrder(
  s: Booked,
  leg: {
    pickup: AddressBlock;
    delivery: AddressBlock;
    pickupDate: string;
    type: BookedOrder['type'];
  },
) {
  const {
    orderId,
    shipmentId: _shipment,
    trackingId: _tracking,
    heavyGoods: _heavy,
    ...fields
  } = s.order;
  const parsed = createOrderSchema.safeParse({
    ...fields,
    departmentId: s.departmentId,
    parentId: orderId,
    type: leg.type,
    pickup: leg.pickup,
    delivery: leg.delivery,
    pickupDate: leg.pickupDate,
    pickupTimeEarliest: undefined,
    pickupTimeLatest: undefined,
    deliveryDate: undefined,
    deliveryTimeEarliest: undefined,
    deliveryTimeLatest: undefined,
    // Priced anew; planned anew; accepted already (the order it returns was).
    correctedArticlePrices: [],
    calculatedArticlePrices: [],
    preplannedUnitId: undefined,
    preplannedTemplateSlotId: undefined,
    groupId: undefined,
    groupName: undefined,
    groupOrder: undefined,
    requiresConfirmation: false,
  });
  if (!parsed.success) throw validationError(parsed.error, 'return');
  return parsed.data;
}

interface Plan {
  kind: ReturnKind;
  to: CopyDestination | null;
  legs: {
    pickup: AddressBlock;
    delivery: AddressBlock;
    pickupDate: string;
    type: BookedOrder['type'];
  }[];
  lastLegSkipped: boolean;
}

/**
 * The targets of one order's return: the order's stream, with the return's new orders as its
 * companions. `id`: what the reply names (a single return names its first new order; the bulk
 * command names the returned orders, so its failures say which).
 */
async function returnTargets(
  ctx: HandlerContext,
  s: Booked,
  plan: Plan,
  idOf: 'firstLeg' | 'order',
): Promise<Target> {
  const orderId = s.order.orderId;
  const returnId = await newId(ctx, 'order', `${orderId}:return`);
  const legs: Target[] = [];
  const legOrders = [];
  for (const [i, leg] of plan.legs.entries())
    legOrders.push({
      legId: await newId(ctx, 'order', `${orderId}:leg${i + 1}`),
      payload: returnOrder(s, leg),
    });
  // A leg of a same-day home delivery service takes its day's place (0092), decided before the
  // legs draw their numbers and appended with them.
  const places = await shdTakes(
    ctx,
    legOrders.map(({ legId, payload }) => ({ ...payload, orderId: legId })),
  );
  for (const [i, { legId, payload }] of legOrders.entries()) {
    const { order, unresolved } = await bookedOrder(payload, legId, ctx, {
      calendar: false,
    });
    const returnOf: ReturnLink = {
      orderId,
      returnId,
      kind: plan.kind,
      leg: i + 1,
      legs: plan.legs.length,
    };
    legs.push(
      target({
        id: legId,
        streamId: orderStream(legId),
        isNew: true,
        decider: orderDecider,
        command: { type: 'CREATE_ORDER', order, unresolved, returnOf },
        uniques: shipmentClaims,
      }),
    );
  }
  const command: OrderCommand = {
    type: 'CREATE_RETURN',
    returnId,
    kind: plan.kind,
    to: plan.to,
    orderIds: legs.map((l) => l.id),
    lastLegSkipped: plan.lastLegSkipped,
  };
  return target({
    id: idOf === 'firstLeg' ? (legs[0]?.id ?? orderId) : orderId,
    streamId: orderStream(orderId),
    decider: orderDecider,
    command,
    guard: guardFor(ctx.identity),
    companions: () => [...legs, ...places],
  });
}

/**
 * A multi-leg return's legs: from the recipient to the terminal (a delivered order; a deviated
 * one's goods came back with the courier), and from the terminal to the return address unless
 * the customer takes its returns back at the terminal. The terminal is the customer's own when it
 * has one (docs/decisions/0071).
 */
async function multilegPlan(
  ctx: HandlerContext,
  s: Booked,
  dates: { pickupDate?: string | undefined; lastLegDate?: string | undefined },
): Promise<Plan> {
  const department = await departmentOf(ctx, s.departmentId);
  const customer = await customerOf(ctx, s.customerId);
  // A delivered order's goods are taken to the customer's terminal (else the department's); a
  // deviated one's came back with the courier, to the department's.
  const terminal =
    s.state === 'DELIVERED' ? terminalOf(customer, department) : terminalBlock(department);
  const first = dates.pickupDate ?? localDate(ctx.now.toISOString(), department.country);
  const legs: Plan['legs'] = [];
  if (s.state === 'DELIVERED')
    legs.push({ pickup: s.order.delivery, delivery: terminal, pickupDate: first, type: 'Return' });
  if (customer.returnLastLeg)
    legs.push({
      pickup: terminal,
      delivery: senderBlock(customer, s.order),
      pickupDate: legs.length === 0 ? first : (dates.lastLegDate ?? nextDay(first)),
      type: 'Return',
    });
  return { kind: 'MULTILEG', to: null, legs, lastLegSkipped: !customer.returnLastLeg };
}

/** A target the executor refuses with `error` (an order whose return was refused early). */
const refused = (orderId: string, error: AppError): Target =>
  target({
    id: orderId,
    streamId: orderStream(orderId),
    isNew: true,
    decider: {
      initialState: null,
      evolve: (s: null) => s,
      decide: () => {
        throw error;
      },
    },
    command: null,
  });

export const returnHandlers = {
  COPY_DEVIATED_ORDER: (async ({ orderId, to, delivery, pickupDate }, ctx) => {
    const s = await returnable(ctx, orderId, 'COPY');
    const department = await departmentOf(ctx, s.departmentId);
    // The goods are where the deviation left them: at the terminal once collected.
    const pickup = s.collected ? terminalBlock(department) : s.order.pickup;
    const destination =
      to === 'SENDER'
        ? senderBlock(await customerOf(ctx, s.customerId), s.order)
        : to === 'NEW_ADDRESS'
          ? delivery!
          : s.order.delivery;
    const plan: Plan = {
      kind: 'COPY',
      to,
      legs: [
        {
          pickup,
          delivery: destination,
          pickupDate: pickupDate ?? localDate(ctx.now.toISOString(), department.country),
          type: to === 'SENDER' ? 'Return' : s.order.type,
        },
      ],
      lastLegSkipped: false,
    };
    return [await returnTargets(ctx, s, plan, 'firstLeg')];
  }) satisfies Handler<'COPY_DEVIATED_ORDER'>,
  CREATE_MULTILEG_RETURN: (async ({ orderId, ...dates }, ctx) => {
    const s = await returnable(ctx, orderId, 'MULTILEG');
    return [await returnTargets(ctx, s, await multilegPlan(ctx, s, dates), 'firstLeg')];
  }) satisfies Handler<'CREATE_MULTILEG_RETURN'>,
  /**
   * Many orders' returns: each made or refused on its own (the reply lists the refused), every
   * order's return all its legs or none.
   */
  CREATE_MULTILEG_RETURNS: (async ({ orderIds, ...dates }, ctx) => {
    const targets: Target[] = [];
    for (const orderId of new Set(orderIds)) {
      try {
        const s = await returnable(ctx, orderId, 'MULTILEG');
        targets.push(await returnTargets(ctx, s, await multilegPlan(ctx, s, dates), 'order'));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // Refused before anything was booked: the reply lists it with the others' outcomes.
        targets.push(refused(orderId, err));
      }
    }
    return targets;
  }) satisfies Handler<'CREATE_MULTILEG_RETURNS'>,
};
