import {
  AppError,
  customerStream,
  orderStream,
  slotScansStream,
  slotStream,
  type ScanEvent,
  type ScanRecord,
} from '@nordlog/contracts';
import { orderDecider } from '../consignments/decider.js';
import { customerDecider } from '../customers/decider.js';
import { guardFor } from '../consignments/handlers.js';
import { scanKey } from '../consignments/state.js';
import { target, type Decider } from '../framework/decider.js';
import { atomic } from '../framework/execute.js';
import type { Handler } from '../framework/handler.js';
import { assertDepartmentsInScope } from '../framework/scope.js';
import { consignmentsOf, slotDecider } from '../slots/decider.js';
import { planScans, type RouteOrder } from './plan.js';

type Recorded = Extract<ScanEvent, { type: 'ScansRecorded' }>;

/** A slot's scan stream: the scans recorded on it (by key, so a scan sent again is known). */
export const slotScansDecider: Decider<
  { keys: ReadonlySet<string> },
  { type: 'RECORD'; data: Recorded['data'] },
  Recorded
> = {
  initialState: { keys: new Set() },
  evolve: (state, event) => ({
    keys: new Set([...state.keys, ...event.data.scans.map(scanKey)]),
  }),
  decide(command, state) {
    const scans = command.data.scans.filter((s) => !state.keys.has(scanKey(s)));
    return scans.length === 0 ? [] : [{ type: 'ScansRecorded', data: { ...command.data, scans } }];
  },
};

/**
 * ADD_SCANNED_EVENTS (spec §7, docs/decisions/0064-courier-scans.md): the scans land on the slot's
 * route. A courier scans only a slot it is driving (IN_PROGRESS or PAUSED), as its other reports;
 * a planner any slot of its departments (a terminal loading a route). Every scan is recorded on
 * the slot's scan stream; the orders whose packages it moved get their scans, and the consignment
 * its §4 moves, in the same append. A scan sent again (same code, kind and time) is not recorded
 * twice.
 */
export const addScannedEvents: Handler<'ADD_SCANNED_EVENTS'> = async ({ slotId, scans }, ctx) => {
  const loaded = await ctx.load(slotStream(slotId), slotDecider);
  if (loaded.status !== 'exists') throw new AppError('NOT_FOUND', `Slot ${slotId} not found`);
  const slot = loaded.slot;
  const courier = ctx.identity.role === 'COURIER';
  if (courier) {
    const driving =
      !!ctx.identity.courierId &&
      slot.courierId === ctx.identity.courierId &&
      (slot.state === 'IN_PROGRESS' || slot.state === 'PAUSED');
    if (!driving)
      throw new AppError('NO_ACCESS', `Slot ${slotId} is not a slot you are driving`, {
        slotId,
      });
  } else assertDepartmentsInScope(ctx.identity, [slot.departmentId]);

  const known = (await ctx.load(slotScansStream(slotId), slotScansDecider)).keys;
  const fresh = scans.filter((s) => !known.has(scanKey(s)));
  const ids = consignmentsOf(slot.stops);
  const states = await ctx.loadMany(ids.map(orderStream), orderDecider);
  // The customers of the stops the scans were made at: may their orders grow by a scan (0071)?
  const atStops = new Set(fresh.flatMap((s) => (s.consignmentId ? [s.consignmentId] : [])));
  const stopCustomers = [
    ...new Set(
      states.flatMap(({ state }, i) =>
        state.status === 'booked' && atStops.has(ids[i]!) ? [state.customerId] : [],
      ),
    ),
  ];
  const customers = await ctx.loadMany(stopCustomers.map(customerStream), customerDecider);
  const growing = new Set(
    stopCustomers.filter((_, i) => {
      const c = customers[i]!.state;
      return c.status === 'exists' && c.entity.scanToCreatePackages === true;
    }),
  );
  const route: (RouteOrder & { revision: number | null })[] = [];
  states.forEach(({ state, revision }, i) => {
    if (state.status !== 'booked') return;
    const packageIds = state.order.measurements.flatMap((l) => l.packageIds ?? []);
    route.push({
      orderId: ids[i]!,
      state: state.state,
      collected: state.collected,
      shipmentId: state.order.shipmentId ?? null,
      loadCarrierId: state.order.loadCarrierId || null,
      packageIds,
      packages: state.packages,
      growable: atStops.has(ids[i]!) && growing.has(state.customerId) && !state.erased,
      revision,
    });
  });
  const plan = planScans(
    route,
    fresh,
    (i) => `${ctx.commandId}:${i}`,
    courier ? (ctx.identity.courierId ?? null) : null,
  );
  const record: ScanRecord[] = plan.records;
  const revisions = new Map(route.map((o) => [o.orderId, o.revision]));
  return atomic([
    target({
      id: slotId,
      streamId: slotScansStream(slotId),
      decider: slotScansDecider,
      command: {
        type: 'RECORD',
        data: {
          slotId,
          departmentId: slot.departmentId,
          date: slot.date,
          courierId: slot.courierId,
          scans: record,
        },
      },
    }),
    ...[...plan.orders].map(([orderId, effect]) =>
      target({
        id: orderId,
        streamId: orderStream(orderId),
        decider: orderDecider,
        guard: guardFor(ctx.identity),
        // Worked out on this revision of the order: a change meanwhile runs the handler again.
        basedOn: revisions.get(orderId) ?? null,
        command: { type: 'SCAN', slotId, ...effect },
      }),
    ),
  ]);
};

export const scanHandlers = { ADD_SCANNED_EVENTS: addScannedEvents };
