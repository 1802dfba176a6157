import { identityOfUser, type Identity } from '@nordlog/contracts';
import { prng, type System } from '@nordlog/deploy';
import { configureNumberSeries } from '../support/booking.js';
import { projectionsSettled } from '../support/system.js';
import { signIn, type SessionHeaders } from './signIn.js';
import { fmt, runConcurrent } from './stats.js';

/** The department-day `bench:map` measures, and an empty department beside it (the floor). */
export interface MapWorld {
  system: System;
  department: string;
  /** A department with nothing on its day: no consignments, slots or couriers. */
  empty: string;
  /**
   * A department with as many couriers as `department`, each with a unit and a started slot, but
   * no consignments: the same couriers' markers moving on an otherwise empty map (a floor).
   */
  moving: { department: string; couriers: Courier[] };
  date: string;
  consignments: number;
  planned: number;
  slots: string[];
  /** The couriers driving the slots (one each), with the identity each reports its position as. */
  couriers: Courier[];
  headers: SessionHeaders;
}

/** A courier, with the identity it reports its position as. */
export interface Courier {
  id: string;
  identity: Identity;
}

/** Where Oslo is: the middle of the city and the box the bench spreads its addresses over. */
export const OSLO = { lat: 59.9139, lng: 10.7522 };
const BOX = { south: 59.83, north: 60.0, west: 10.55, east: 10.98 };

/**
 * An address's place as a city's deliveries fall: two in three near the centre (normal, about
 * 3 km each way), the rest anywhere in the box of Oslo and its suburbs.
 */
export function cityPoint(rnd: () => number): { lat: number; lng: number } {
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  if (rnd() < 2 / 3) {
    const r = Math.sqrt(-2 * Math.log(1 - rnd()));
    const a = 2 * Math.PI * rnd();
    return {
      lat: clamp(OSLO.lat + r * Math.cos(a) * 0.025, BOX.south, BOX.north),
      lng: clamp(OSLO.lng + r * Math.sin(a) * 0.05, BOX.west, BOX.east),
    };
  }
  return {
    lat: BOX.south + rnd() * (BOX.north - BOX.south),
    lng: BOX.west + rnd() * (BOX.east - BOX.west),
  };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Builds the day through the command API, as planners and couriers would (every row the pages
 * read is projected by the product's projector from the events the commands append):
 * - a department in Oslo with `units` couriers, units and slots, the slots started (in progress);
 * - `consignments` orders booked for the day with CREATE_ORDER, 8 at a time, deliveries spread
 *   over the city by `cityPoint`;
 * - `planned` of them planned onto the slots with CREATE_ROUTE (the same number per slot);
 * - an empty department (the floor's pages), and a planner of both signed in.
 */
export async function buildMapWorld(
  system: System,
  options: { consignments: number; planned: number; units: number },
): Promise<MapWorld> {
  const run = async (name: string, payload: unknown) => {
    const res = await system.run(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return (res.body as { ids: string[] }).ids;
  };
  const [department] = await run('CREATE_DEPARTMENT', {
    name: 'Bench map',
    departmentType: 'courier',
    country: 'NO',
    location: OSLO,
  });
  const [empty] = await run('CREATE_DEPARTMENT', {
    name: 'Bench empty',
    departmentType: 'courier',
    country: 'NO',
    location: OSLO,
  });
  const [customer] = await run('CREATE_CUSTOMER', { name: 'Bench AS', departmentId: department });
  await configureNumberSeries({ command: (name, payload) => system.run(name, payload) });
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());

  const started = performance.now();
  const { slots, couriers } = await addCouriers(run, department!, date, options.units, '+47481');
  const [moving] = await run('CREATE_DEPARTMENT', {
    name: 'Bench couriers only',
    departmentType: 'courier',
    country: 'NO',
    location: OSLO,
  });
  const floor = await addCouriers(run, moving!, date, options.units, '+47482');

  const rnd = prng(20_000);
  const places = Array.from({ length: options.consignments }, () => cityPoint(rnd));
  const ids: string[] = new Array<string>(options.consignments);
  let done = 0;
  const booking = performance.now();
  const progress = () =>
    process.stdout.write(
      `\r  booking consignments (CREATE_ORDER, 8 at a time): ${fmt(done)} / ${fmt(options.consignments)} (${fmt((done / (performance.now() - booking)) * 1000)}/s)`,
    );
  await runConcurrent(options.consignments, 8, async (i) => {
    const { lat, lng } = places[i]!;
    const start = 8 + (i % 9);
    const [id] = await run('CREATE_ORDER', {
      departmentId: department,
      customerId: customer,
      pickupDate: date,
      pickup: {
        name: 'Bench AS',
        address: 'Storgata 1',
        zipCode: '0155',
        zipArea: 'Oslo',
        countryCode: 'NO',
        lat: OSLO.lat,
        lng: OSLO.lng,
      },
      delivery: {
        name: `Recipient ${i + 1}`,
        address: `Gate ${(i % 300) + 1}`,
        zipCode: '0355',
        zipArea: 'Oslo',
        countryCode: 'NO',
        lat: round6(lat),
        lng: round6(lng),
      },
      deliveryTimeEarliest: `${String(start).padStart(2, '0')}:00`,
      deliveryTimeLatest: `${String(start + 3).padStart(2, '0')}:00`,
      measurements: [{ weight: 2 + (i % 10), quantity: 1 + (i % 3) }],
    });
    ids[i] = id!;
    done += 1;
    if (done % 250 === 0) progress();
  });
  progress();
  process.stdout.write('\n');
  const bookSeconds = (performance.now() - booking) / 1000;

  const per = Math.floor(options.planned / Math.max(1, options.units));
  for (let s = 0; s < options.units && per > 0; s++)
    await run('CREATE_ROUTE', {
      slotId: slots[s],
      consignmentIds: ids.slice(s * per, (s + 1) * per),
    });
  for (const slotId of [...slots, ...floor.slots])
    await run('CHANGE_SLOT_STATE', { slotId, transition: 'start' });
  const headers = await signIn(system, '+4749990021', {
    role: 'PLANNER',
    departmentIds: [department, empty, moving],
  });
  await projectionsSettled(system.db.knex, 600_000);
  console.log(
    `  ${options.units} couriers, units and slots (started; as many again in a department with no consignments), ${fmt(options.consignments)} consignments booked in ${fmt(bookSeconds, 1)} s, ${fmt(per * options.units)} planned (${per} per slot); all projected after ${fmt((performance.now() - started) / 1000, 1)} s`,
  );
  return {
    system,
    department: department!,
    empty: empty!,
    moving: { department: moving!, couriers: floor.couriers },
    date,
    consignments: options.consignments,
    planned: per * options.units,
    slots,
    couriers,
    headers,
  };
}

/** `count` couriers of `department`, each with a unit and a slot on `date` that it drives. */
async function addCouriers(
  run: (name: string, payload: unknown) => Promise<string[]>,
  department: string,
  date: string,
  count: number,
  phonePrefix: string,
): Promise<{ slots: string[]; couriers: Courier[] }> {
  const slots: string[] = [];
  const couriers: Courier[] = [];
  for (let u = 0; u < count; u++) {
    const phoneNumber = `${phonePrefix}${String(u).padStart(5, '0')}`;
    const [courier] = await run('CREATE_USER', {
      name: `Courier ${u + 1}`,
      phoneNumber,
      role: 'COURIER',
      departmentIds: [department],
    });
    await run('UPDATE_USER', { id: courier, courierId: courier });
    const [unit] = await run('CREATE_UNIT', {
      name: `Van ${u + 1}`,
      alystraId: `${phonePrefix.slice(-1)}M-${u + 1}`,
      departmentId: department,
      capacity: 5000,
      weightCapacity: 50000,
      volumeCapacity: 500,
      vehicleType: 'van',
      fuelType: 'electric',
      startLocation: OSLO,
      endLocation: OSLO,
      courierUserIds: [courier],
    });
    const [slot] = await run('CREATE_SLOT', {
      departmentId: department,
      name: `Route ${u + 1}`,
      timeFrom: `${date}T05:00:00.000Z`,
      unitId: unit,
      courierId: courier,
    });
    slots.push(slot!);
    couriers.push({
      id: courier!,
      identity: identityOfUser({
        id: courier!,
        role: 'COURIER',
        access: [],
        departmentIds: [department],
        customerId: null,
        courierId: courier!,
      }),
    });
  }
  return { slots, couriers };
}
