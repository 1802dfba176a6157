import type { CommandResult, OrderFormInput } from '@nordlog/contracts';
import { GazetteerGeocoder, type Logger } from '@nordlog/platform';
import {
  demoCustomerGroups,
  demoCustomers,
  demoDepartmentGroups,
  demoDepartments,
  demoNumberSeries,
  demoOrder,
  demoUsers,
  prng,
} from './data.js';
import { demoArticles, demoPriceList } from './pricing.js';
import { nordicPublicHolidays } from './holidays.js';
import { planDemoRoutes } from './routes.js';
import { comingWorkingDays, demoSlotsOf } from './week.js';

/** Orders of each department that the demo day plans onto its two morning slots. */
const PLANNED = 24;
/** The shipped gazetteer, loaded once: the points the embedded system books the orders at. */
let gazetteer: GazetteerGeocoder | undefined;
const geocoder = () => (gazetteer ??= new GazetteerGeocoder());

/** Runs commands in process as the system: the same path as `POST /api/command/{name}`. */
export type RunCommand = (
  name: string,
  payload: unknown,
) => Promise<{ status: number; body: unknown }>;

async function command(run: RunCommand, type: string, payload: unknown): Promise<CommandResult> {
  const result = await run(type, payload);
  if (result.status !== 200)
    throw new Error(`${type} failed with ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body as CommandResult;
}

const todayIn = (tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
/** The next whole hour in a time zone (demo pickups lie ahead of now, spec §5). */
const nextHourIn = (tz: string) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  ) + 1;

/**
 * Loads the demo data through the command API (never SQL): four departments, eight customers,
 * department and customer groups, this year's and next year's public holidays of the four
 * markets, a GSIN and an SSCC number series, and a day of consignments per department, some of
 * them moved along the state machine. With `comingDays`, each department's next working days
 * (weekends and its country's holidays left out) have their three slots and half a day's orders
 * each, booked and not yet planned: the week a planner plans ahead.
 */
export async function seedDemoData(
  run: RunCommand,
  logger: Logger,
  ordersPerDepartment = 60,
  comingDays = 0,
): Promise<DemoPlan> {
  const rnd = prng(20261122);
  const plan: DemoPlan = new Map();
  const departments = new Map<
    string,
    { id: string; country: string; location: { lat: number; lng: number } | null; tz: string }
  >();
  for (const { key, tz, ...fields } of demoDepartments) {
    const result = await command(run, 'CREATE_DEPARTMENT', fields);
    departments.set(key, {
      id: result.ids[0]!,
      country: fields.country,
      location: fields.location,
      tz,
    });
  }
  const customers: { id: string; name: string; department: string }[] = [];
  for (const { department, ...fields } of demoCustomers) {
    const result = await command(run, 'CREATE_CUSTOMER', {
      ...fields,
      departmentId: departments.get(department)!.id,
    });
    customers.push({ id: result.ids[0]!, name: fields.name, department });
  }
  for (const { departments: keys, ...fields } of demoDepartmentGroups) {
    const departmentIds = keys.map((key) => departments.get(key)!.id);
    await command(run, 'CREATE_DEPARTMENT_GROUP', { ...fields, departmentIds });
  }
  for (const { customers: names, ...fields } of demoCustomerGroups) {
    const customerIds = names.map((name) => customers.find((c) => c.name === name)!.id);
    await command(run, 'CREATE_CUSTOMER_GROUP', { ...fields, customerIds });
  }
  const year = Number(todayIn('Europe/Oslo').slice(0, 4));
  const holidays = [...nordicPublicHolidays(year), ...nordicPublicHolidays(year + 1)];
  for (const holiday of holidays) await command(run, 'CREATE_HOLIDAY', holiday);
  for (const series of demoNumberSeries) await command(run, 'CREATE_NUMBER_SERIES', series);
  for (const article of demoArticles) await command(run, 'CREATE_ARTICLE', article);
  for (const [key, dep] of departments) {
    const name = demoDepartments.find((d) => d.key === key)!.name;
    await command(run, 'CREATE_PRICE_LIST', demoPriceList(dep.id, name, dep.country));
  }
  let index = 0;
  for (const [key, dep] of departments) {
    const mine = customers.filter((c) => c.department === key);
    const booked: { id: string; order: OrderFormInput }[] = [];
    for (let i = 0; i < ordersPerDepartment; i++) {
      const order = demoOrder(
        rnd,
        dep,
        mine[i % mine.length]!,
        todayIn(dep.tz),
        index++,
        nextHourIn(dep.tz),
        i < PLANNED,
      );
      booked.push({ id: (await command(run, 'CREATE_ORDER', order)).ids[0]!, order });
    }
    // Three slots of the day; part of the day planned onto the first two, some collected and
    // delivered (orders still waiting for an address or a confirmation cannot be planned).
    const slots: string[] = [];
    for (const slot of demoSlotsOf(dep.id, todayIn(dep.tz), dep.tz))
      slots.push((await command(run, 'CREATE_SLOT', slot)).ids[0]!);
    plan.set(dep.id, slots);
    // The first two slots' delivery routes, planned by the optimiser (orders that wait for a
    // confirmation cannot be planned), each order added in the order the route drives it.
    const routes = await planDemoRoutes(
      dep.location ?? { lat: 59.91, lng: 10.75 },
      booked.slice(0, PLANNED).filter(({ order }) => !order.requiresConfirmation),
      [
        { id: slots[0]!, startsAt: 7 * 3600, orders: PLANNED / 2 },
        { id: slots[1]!, startsAt: 7.5 * 3600, orders: PLANNED / 2 },
      ],
      geocoder(),
    );
    const planned: string[] = [];
    for (const [slotId, ids] of routes)
      for (const id of ids) {
        const res = await run('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId });
        if (res.status === 200) planned.push(id);
      }
    await command(run, 'MANUAL_COLLECT', { consignmentIds: planned.slice(0, 6) });
    await command(run, 'MANUAL_DELIVER', {
      consignmentIds: planned.slice(0, 3),
      comment: 'Demo: delivered',
    });
    for (const date of comingWorkingDays(todayIn(dep.tz), dep.country, comingDays, holidays)) {
      for (const slot of demoSlotsOf(dep.id, date, dep.tz)) await command(run, 'CREATE_SLOT', slot);
      for (let i = 0; i < Math.ceil(ordersPerDepartment / 2); i++)
        await command(
          run,
          'CREATE_ORDER',
          demoOrder(rnd, dep, mine[i % mine.length]!, date, index++, 0, i % 5 === 0),
        );
    }
  }
  logger.info(
    {
      departments: departments.size,
      customers: customers.length,
      holidays: holidays.length,
      orders: index,
    },
    'demo data loaded through commands',
  );
  return plan;
}

/** The demo day's slots, by department id (first slot first). */
export type DemoPlan = Map<string, string[]>;

/**
 * The demo users of `demoUsers`, with access to every demo department (customer: the first
 * customer), and the demo fleet. With the demo day's slots (`seedDemoData`), each department's
 * van and courier drive its first slot, and the demo courier's slot in the first department is
 * under way, so the courier's page has a route to show.
 */
export async function seedDemoUsers(
  run: RunCommand,
  logger: Logger,
  plan: DemoPlan = new Map(),
): Promise<void> {
  let demoCourier: string | null = null;
  for (const user of demoUsers) {
    const created = await command(run, 'CREATE_USER', {
      ...user,
      departmentIds: ['1', '2', '3', '4'],
      customerId: user.role === 'CUSTOMER' ? '1' : null,
    });
    if (user.role === 'COURIER') {
      demoCourier = created.ids[0]!;
      // A courier's courier id is its user id (as CREATE_COURIER_USER makes it).
      await command(run, 'UPDATE_USER', { id: demoCourier, courierId: demoCourier });
    }
  }
  const fleet = demoCourier ? await seedDemoFleet(run, demoCourier) : [];
  for (const [i, { departmentId, van, courier }] of fleet.entries()) {
    const slotId = plan.get(departmentId)?.[0];
    if (!slotId) continue;
    const driver = i === 0 && demoCourier ? demoCourier : courier;
    await command(run, 'ASSIGN_UNIT_TO_SLOT', { slotId, unitId: van });
    await command(run, 'ASSIGN_COURIER_TO_SLOT', { slotId, courierId: driver });
    if (i === 0) await command(run, 'CHANGE_SLOT_STATE', { slotId, transition: 'start' });
  }
  logger.info(
    { users: demoUsers.length, units: fleet.length * 3 },
    'demo users and fleet loaded through commands (see README for their phone numbers)',
  );
}

/**
 * The demo fleet (development data, with the demo users): per demo department (ids 1 to 4, as
 * `seedDemoUsers` assumes) a courier user of its own, a van and a cargo bike driven by it and the
 * demo courier, and a vehicle record. Unit 1 is Oslo's van.
 */
async function seedDemoFleet(
  run: RunCommand,
  demoCourier: string,
): Promise<{ departmentId: string; van: string; courier: string }[]> {
  const couriers = ['Ola Nordmann', 'Sara Svensson', 'Mads Jensen', 'Aino Virtanen'];
  const fleet: { departmentId: string; van: string; courier: string }[] = [];
  for (const [i, department] of demoDepartments.entries()) {
    const departmentId = String(i + 1);
    const city = department.name.split(' ')[0]!;
    // The units' depot is the department's own street address with its point (0041-depot).
    const { location, address } = department;
    const depot =
      location && address
        ? {
            ...location,
            address: `${address.street}, ${address.postalCode} ${address.town}`,
            precision: 'address',
          }
        : null;
    const courier = (
      await command(run, 'CREATE_COURIER_USER', {
        name: couriers[i],
        phoneNumber: `+474000010${i + 1}`,
        departmentId,
        driverId: `D-${departmentId}01`,
      })
    ).ids[0]!;
    const unit = {
      departmentId,
      courier: `${city} Bud AS`,
      startLocation: depot,
      endLocation: depot,
      courierUserIds: [courier, demoCourier],
    };
    const van = await command(run, 'CREATE_UNIT', {
      ...unit,
      name: `${city} van 1`,
      alystraId: `U-${departmentId}01`,
      registrationNumber: `EL ${10_000 + i}`,
      vehicleBrand: 'Ford',
      vehicleModel: 'E-Transit',
      color: '#1e88e5',
      capacity: 120,
      weightCapacity: 1200,
      volumeCapacity: 12.5,
      vehicleType: 'van',
      fuelType: 'electric',
      vehicleControl: 'approved',
      euroClass: 'euroEL',
      co2: 0,
      break: { type: 'TimeWindow', earliest: '11:00', latest: '13:00', duration: 'PT30M' },
    });
    await command(run, 'CREATE_UNIT', {
      ...unit,
      name: `${city} cargo bike`,
      alystraId: `U-${departmentId}02`,
      color: '#43a047',
      capacity: 30,
      weightCapacity: 150,
      volumeCapacity: 1.5,
      speedFactor: 0.7,
      vehicleType: 'cargobike',
      fuelType: 'bicycle',
    });
    await command(run, 'CREATE_UNIT', {
      ...unit,
      name: `${city} spare truck`,
      alystraId: `V-${departmentId}01`,
      isUnit: false,
      courierUserIds: [],
      registrationNumber: `TR ${20_000 + i}`,
      vehicleBrand: 'Volvo',
      vehicleModel: 'FL',
      capacity: 400,
      weightCapacity: 8000,
      volumeCapacity: 40,
      vehicleType: 'truck',
      fuelType: 'hvo',
      euroClass: 'euro6',
    });
    fleet.push({ departmentId, van: van.ids[0]!, courier });
  }
  return fleet;
}
