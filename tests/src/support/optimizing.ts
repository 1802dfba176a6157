import type { OptimizingRunRow, RunState } from '@nordlog/contracts';
import { configureNumberSeries, osloAddress } from './booking.js';
import { createCourier, createSlot } from './planning.js';
import type { Client, TestSystem } from './system.js';

/** Waits until a run is in one of these states (polling `optimizingData`); its row. */
export async function waitForRun(
  client: Pick<Client, 'query'>,
  id: string,
  states: readonly RunState[],
  timeoutMs = 60_000,
): Promise<OptimizingRunRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.query('optimizingData', { id });
    const run = res.status === 200 ? (res.body as OptimizingRunRow) : null;
    if (run && states.includes(run.state)) return run;
    if (Date.now() > until)
      throw new Error(`run ${id} is not ${states.join('/')}: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The run a command started: the optimizing id among the command's ids. */
export async function startRun(
  client: Pick<Client, 'command'>,
  name: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const res = await client.command(name, payload);
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
  const events = (res.body as { events: string[]; ids: string[] }).events;
  // One event per target here (the department's lock, the run): the run's id is at its event.
  const at = events.indexOf('OptimizingRequested');
  if (at < 0) throw new Error(`${name} requested no run: ${JSON.stringify(res.body)}`);
  return (res.body as { ids: string[] }).ids[at]!;
}

export interface DayWorld {
  department: string;
  customer: string;
  units: string[];
  slots: string[];
  orders: string[];
}

/** Places around central Oslo, spread over about 8 km. */
export const place = (i: number) => ({
  lat: 59.9 + ((i * 37) % 11) / 150,
  lng: 10.65 + ((i * 53) % 13) / 60,
});

/**
 * Books an order of the world's customer picked up in central Oslo and delivered at `place`, as a
 * planner would; its id.
 */
export async function bookAt(
  client: Pick<Client, 'command'>,
  w: Pick<DayWorld, 'department' | 'customer'>,
  date: string,
  to: { name: string; lat: number; lng: number },
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await client.command('CREATE_ORDER', {
    departmentId: w.department,
    customerId: w.customer,
    pickupDate: date,
    pickup: osloAddress,
    delivery: { ...osloAddress, address: `Gate ${to.name}`, ...to },
    measurements: [{ weight: 5, quantity: 2 }],
    ...extra,
  });
  if (res.status !== 200)
    throw new Error(`CREATE_ORDER: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { ids: string[] }).ids[0]!;
}

/**
 * A department's day: units with capacity and a slot each (07:00 UTC, 8 hours), and orders around
 * Oslo (picked up at one customer, delivered spread out, wide windows), none planned.
 */
export async function dayWorld(
  sys: TestSystem,
  date: string,
  options: { units?: number; orders?: number; capacity?: number } = {},
): Promise<DayWorld> {
  const ok = async (name: string, payload: Record<string, unknown>) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { ids: string[] }).ids[0]!;
  };
  await configureNumberSeries(sys);
  const department = await ok('CREATE_DEPARTMENT', {
    name: `Oslo ${Math.random().toString(36).slice(2, 6)}`,
    departmentType: 'courier',
    country: 'NO',
  });
  const customer = await ok('CREATE_CUSTOMER', { name: 'Apotek', departmentId: department });
  const courier = (await createCourier(sys, [department])).id;
  const units: string[] = [];
  const slots: string[] = [];
  for (let u = 0; u < (options.units ?? 2); u++) {
    const unit = await ok('CREATE_UNIT', {
      name: `Van ${u + 1}`,
      alystraId: `V${u + 1}`,
      departmentId: department,
      capacity: options.capacity ?? 40,
      weightCapacity: 1000,
      volumeCapacity: 10,
      startLocation: { lat: 59.929, lng: 10.837 },
      endLocation: { lat: 59.929, lng: 10.837 },
      vehicleType: 'van',
      fuelType: 'electric',
      courierUserIds: [courier],
    });
    units.push(unit);
    slots.push(
      await createSlot(sys, department, date, {
        unitId: unit,
        timeTo: `${date}T15:00:00.000Z`,
      }),
    );
  }
  const orders: string[] = [];
  for (let i = 0; i < (options.orders ?? 8); i++)
    orders.push(
      await bookAt(
        sys,
        { department, customer },
        date,
        { name: `Kari ${i}`, ...place(i) },
        {
          deliveryTimeEarliest: '08:00',
          deliveryTimeLatest: '18:00',
        },
      ),
    );
  await sys.settled();
  return { department, customer, units, slots, orders };
}
