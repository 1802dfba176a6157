import {
  AppError,
  ORDER_NOT_FOUND_MESSAGE,
  addDays,
  createOrderSchema,
  dayPlan,
  dayRules,
  daysBetween,
  holidayId,
  holidayStream,
  inScope,
  marketCountries,
  MAX_MOVE_DAYS,
  occurrenceId,
  orderStream,
  recurringIndexStream,
  recurringOccurrenceStream,
  recurringOrderStream,
  recurringRunStream,
  runId,
  type MarketCountry,
  type RecurringOrder,
  type RecurringSkipReason,
  type RecurringTemplate,
} from '@nordlog/contracts';
import { validationError } from '@nordlog/platform';
import { bookedOrder, departmentOf } from '../consignments/booking.js';
import { orderDecider } from '../consignments/decider.js';
import { guardFor, shipmentClaims } from '../consignments/handlers.js';
import { target, type Target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { assertDepartmentsInScope } from '../framework/scope.js';
import { holidayDecider } from '../holidays/decider.js';
import { departmentCalendar } from '../timeWindows/calendar.js';
import { shdPending, shdTakes } from '../shd/places.js';
import {
  occurrenceDecider,
  recurringIndexDecider,
  recurringOrderDecider,
  runDecider,
  type OccurrenceCommand,
  type RecurringOrderCommand,
  type RecurringOrderState,
} from './decider.js';

/**
 * Recurring orders (docs/decisions/0058-recurring-orders.md). EXECUTE_RECURRING_ORDERS books a
 * date's occurrences as ordinary orders, through CREATE_ORDER's rules (validation, address lookup,
 * the clock, number series): each occurrence's stream is the target and its new orders are
 * companions, appended atomically; the new orders' ids are derived from (recurring order, date,
 * source order), so a second execution, or one in another process at the same time, finds the
 * occurrence booked (or loses the append) and books nothing twice.
 */

const guard = (ctx: HandlerContext) => (state: RecurringOrderState) => {
  if (state.status !== 'none' && !inScope(ctx.identity, state.entity.departmentId, null))
    throw new AppError(
      'NO_ACCESS',
      'The recurring order belongs to a department outside your access',
    );
};

const recurringTarget = (
  id: string,
  command: RecurringOrderCommand,
  ctx: HandlerContext,
  extra: Partial<Target<RecurringOrderState>> = {},
): Target =>
  target({
    id,
    streamId: recurringOrderStream(id),
    decider: recurringOrderDecider,
    command,
    guard: guard(ctx),
    ...extra,
  });

const indexTarget = (type: 'list' | 'unlist', departmentId: string, id: string): Target =>
  target({
    id: departmentId,
    streamId: recurringIndexStream(departmentId),
    decider: recurringIndexDecider,
    command: { type, departmentId, id },
  });

/** A source order's booking as a template: its contents without its ids and numbers. */
async function templateOf(
  ctx: HandlerContext,
  orderId: string,
): Promise<{ departmentId: string; template: RecurringTemplate }> {
  const s = await ctx.load(orderStream(orderId), orderDecider);
  if (s.status === 'none')
    throw new AppError('ORDER_NOT_FOUND', `${ORDER_NOT_FOUND_MESSAGE}: ${orderId}`);
  guardFor(ctx.identity)(s);
  if (s.state === 'DELETED')
    throw new AppError(
      'BAD_REQUEST',
      `Order ${orderId} is deleted: restore it to make it recurring`,
    );
  const { orderId: _id, shipmentId: _shipment, trackingId: _tracking, ...order } = s.order;
  return {
    departmentId: s.departmentId,
    template: {
      orderId,
      order: {
        ...order,
        measurements: order.measurements.map(({ packageId: _p, packageIds: _ids, ...l }) => l),
      },
      deliveryOffsetDays: order.deliveryDate
        ? daysBetween(order.pickupDate, order.deliveryDate)
        : null,
    },
  };
}

/** The CREATE_ORDER payload of a template on a date (null deliveryOffset: no delivery date). */
export function occurrencePayload(recurring: RecurringOrder, t: RecurringTemplate, date: string) {
  const { heavyGoods: _heavy, ...fields } = t.order;
  const parsed = createOrderSchema.safeParse({
    ...fields,
    departmentId: recurring.departmentId,
    pickupDate: date,
    deliveryDate: t.deliveryOffsetDays === null ? undefined : addDays(date, t.deliveryOffsetDays),
    // Priced anew on the day, as a typed order is.
    correctedArticlePrices: [],
    calculatedArticlePrices: [],
  });
  if (!parsed.success) throw validationError(parsed.error, 'order');
  return parsed.data;
}

const skip = (
  key: Omit<
    Extract<OccurrenceCommand, { type: 'skip' }>,
    'type' | 'reason' | 'movedTo' | 'message'
  >,
  reason: RecurringSkipReason,
  movedTo: string | null = null,
  message: string | null = null,
): OccurrenceCommand => ({ type: 'skip', ...key, reason, movedTo, message });

/** The dates a move may look at around a date (MAX_MOVE_DAYS before, twice that after). */
function aroundDates(date: string): string[] {
  const dates: string[] = [];
  for (let i = -MAX_MOVE_DAYS; i <= MAX_MOVE_DAYS * 2; i++) dates.push(addDays(date, i));
  return dates;
}

/** The public holidays of a country around a date (MAX_MOVE_DAYS either side), read at once. */
async function holidaysAround(
  ctx: HandlerContext,
  country: string,
  date: string,
): Promise<Set<string>> {
  if (!marketCountries.includes(country as MarketCountry)) return new Set();
  const dates = aroundDates(date);
  const states = await ctx.loadMany(
    dates.map((d) =>
      holidayStream(
        holidayId({ country: country as MarketCountry, date: d, type: 'PUBLIC_HOLIDAY' }),
      ),
    ),
    holidayDecider,
  );
  return new Set(dates.filter((_, i) => states[i]!.state.status === 'exists'));
}

/**
 * The targets of executing one date of one department (exported for benches: `npm run
 * bench:volume` calls EXECUTE_RECURRING_ORDERS through executeCommand, which lands here).
 */
async function executeDate(ctx: HandlerContext, date: string, departmentId: string) {
  const department = await departmentOf(ctx, departmentId);
  assertDepartmentsInScope(ctx.identity, [departmentId]);
  const index = await ctx.load(recurringIndexStream(departmentId), recurringIndexDecider);
  const loaded = await ctx.loadMany(index.ids.map(recurringOrderStream), recurringOrderDecider);
  const holidays = await holidaysAround(ctx, department.country, date);
  // A day the department's calendar has no pickups counts as a holiday: the recurring order's
  // holiday policy skips it or moves it to an open day (docs/decisions/0078).
  const calendar = await departmentCalendar(ctx, department, [...aroundDates(date)]);
  const isHoliday = (d: string) => holidays.has(d) || !dayRules(calendar, d, 'pickup').open;
  const plans = loaded.flatMap(({ state }) =>
    state.status === 'exists'
      ? dayPlan(state.entity, date, isHoliday).map((plan) => ({ entity: state.entity, plan }))
      : [],
  );
  const occurrences = await ctx.loadMany(
    plans.map((p) => recurringOccurrenceStream(p.entity.id, p.plan.occurrence)),
    occurrenceDecider,
  );
  const targets: Target[] = [];
  // Same-day home delivery places this execution's earlier occurrences take (0092).
  const pending = new Map<string, Set<string>>();
  for (const [i, { entity, plan }] of plans.entries()) {
    // Booked already: nothing to decide, no numbers spent.
    if (occurrences[i]!.state.booked) continue;
    const key = {
      id: occurrenceId(entity.id, plan.occurrence),
      recurringOrderId: entity.id,
      departmentId,
      occurrence: plan.occurrence,
      date,
    };
    let command: OccurrenceCommand;
    let orders: Target[] = [];
    let places: Target[] = [];
    if (plan.outcome === 'HOLIDAY') command = skip(key, 'HOLIDAY');
    else if (plan.outcome === 'MOVED') command = skip(key, 'MOVED', plan.movedTo);
    else if (entity.paused) command = skip(key, 'PAUSED');
    else if (entity.orders.length === 0)
      command = skip(key, 'REFUSED', null, 'The recurring order holds no orders');
    else
      try {
        ({ orders, places } = await occurrenceOrders(ctx, entity, plan.occurrence, date, pending));
        shdPending(pending, places);
        command = { type: 'book', ...key, orderIds: orders.map((o) => o.id) };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const item = err.items[0];
        command = skip(key, 'REFUSED', null, item ? item.description : err.message);
      }
    // An occurrence's orders take their SHD places in its append; a full day or SHD off is
    // recorded as REFUSED with the refusal (0092), as the booking's other refusals are.
    const booked = [...orders, ...places];
    targets.push(
      target({
        id: key.id,
        streamId: recurringOccurrenceStream(entity.id, plan.occurrence),
        decider: occurrenceDecider,
        command,
        // A race lost to another execution is decided again on what won (nothing, or a skip).
        redecide: true,
        ...(booked.length > 0 ? { companions: () => booked } : {}),
      }),
    );
  }
  targets.push(
    target({
      id: runId(departmentId, date),
      streamId: recurringRunStream(departmentId, date),
      decider: runDecider,
      command: { id: runId(departmentId, date), departmentId, date },
      redecide: true,
    }),
  );
  return targets;
}

/**
 * The new orders of one occurrence, with ids derived from it (the same on every execution), and
 * the same-day home delivery places they take (0092; decided before their numbers are drawn,
 * counting the places `pending` for this execution's earlier occurrences).
 */
async function occurrenceOrders(
  ctx: HandlerContext,
  entity: RecurringOrder,
  occurrence: string,
  date: string,
  pending: Map<string, Set<string>>,
): Promise<{ orders: Target[]; places: Target[] }> {
  const payloads = [];
  for (const t of entity.orders) {
    const payload = occurrencePayload(entity, t, date);
    const id = await ctx.ids.next('order', `recurring:${entity.id}:${occurrence}:${t.orderId}`);
    payloads.push({ payload, id });
  }
  const places = await shdTakes(
    ctx,
    payloads.map(({ payload, id }) => ({ ...payload, orderId: id })),
    pending,
  );
  const orders: Target[] = [];
  for (const { payload, id } of payloads) {
    const { order, unresolved } = await bookedOrder(payload, id, ctx);
    orders.push(
      target({
        id,
        streamId: orderStream(id),
        isNew: true,
        decider: orderDecider,
        command: { type: 'CREATE_ORDER', order, unresolved, recurringOrderId: entity.id },
        uniques: shipmentClaims,
      }),
    );
  }
  return { orders, places };
}

export const recurringHandlers = {
  SAVE_RECURRING_ORDER: (async ({ recurringOrderId, orderIds, ...schedule }, ctx) => {
    let departmentId: string | null = null;
    if (recurringOrderId) {
      const state = await ctx.load(recurringOrderStream(recurringOrderId), recurringOrderDecider);
      if (state.status !== 'exists')
        throw new AppError('NOT_FOUND', `Recurring order ${recurringOrderId} not found`);
      guard(ctx)(state);
      departmentId = state.entity.departmentId;
    }
    const orders: RecurringTemplate[] = [];
    for (const orderId of new Set(orderIds)) {
      const made = await templateOf(ctx, orderId);
      departmentId ??= made.departmentId;
      if (made.departmentId !== departmentId)
        throw new AppError(
          'BAD_REQUEST',
          `orderIds: order ${orderId} belongs to another department than the recurring order`,
          { field: 'orderIds' },
        );
      orders.push(made.template);
    }
    assertDepartmentsInScope(ctx.identity, [departmentId!]);
    const id = recurringOrderId ?? (await newId(ctx, 'recurring_order'));
    const dep = departmentId!;
    return [
      recurringTarget(
        id,
        {
          type: 'save',
          id,
          departmentId: dep,
          schedule: { ...schedule, weekdays: [...new Set(schedule.weekdays)].sort() },
          orders,
        },
        ctx,
        recurringOrderId ? {} : { isNew: true, companions: () => [indexTarget('list', dep, id)] },
      ),
    ];
  }) satisfies Handler<'SAVE_RECURRING_ORDER'>,
  REMOVE_ORDERS_FROM_RECURRING_ORDERS: (({ recurringOrderIds, orderIds }, ctx) =>
    [...new Set(recurringOrderIds)].map((id) =>
      recurringTarget(id, { type: 'remove', id, orderIds }, ctx),
    )) satisfies Handler<'REMOVE_ORDERS_FROM_RECURRING_ORDERS'>,
  SET_RECURRING_ORDER_PAUSED: (({ id, paused }, ctx) => [
    recurringTarget(id, { type: 'pause', id, paused }, ctx),
  ]) satisfies Handler<'SET_RECURRING_ORDER_PAUSED'>,
  DELETE_RECURRING_ORDER: (({ id }, ctx) => [
    recurringTarget(id, { type: 'delete', id }, ctx, {
      companions: (state) =>
        state.status === 'exists' ? [indexTarget('unlist', state.entity.departmentId, id)] : [],
    }),
  ]) satisfies Handler<'DELETE_RECURRING_ORDER'>,
  EXECUTE_RECURRING_ORDERS: (({ date, department }, ctx) =>
    executeDate(ctx, date, department)) satisfies Handler<'EXECUTE_RECURRING_ORDERS'>,
};
