import type { CommandResult } from '@nordlog/contracts';
import type { Logger } from '@nordlog/platform';
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
import { nordicPublicHolidays } from './holidays.js';

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
 * department and customer groups, this year's public holidays of the four markets, a GSIN and an
 * SSCC number series, and a day of consignments per department, some of them moved along the state
 * machine.
 */
export async function seedDemoData(
  run: RunCommand,
  logger: Logger,
  ordersPerDepartment = 60,
): Promise<void> {
  const rnd = prng(20261122);
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
  const holidays = nordicPublicHolidays(Number(todayIn('Europe/Oslo').slice(0, 4)));
  for (const holiday of holidays) await command(run, 'CREATE_HOLIDAY', holiday);
  for (const series of demoNumberSeries) await command(run, 'CREATE_NUMBER_SERIES', series);
  let index = 0;
  for (const [key, dep] of departments) {
    const mine = customers.filter((c) => c.department === key);
    const orderIds: string[] = [];
    for (let i = 0; i < ordersPerDepartment; i++) {
      const order = demoOrder(
        rnd,
        dep,
        mine[i % mine.length]!,
        todayIn(dep.tz),
        index++,
        nextHourIn(dep.tz),
      );
      orderIds.push((await command(run, 'CREATE_ORDER', order)).ids[0]!);
    }
    // Move part of the day along: some assigned to a slot, collected, delivered.
    const slotId = String(100 + Number(dep.id));
    const assigned = (
      await command(run, 'UPDATE_CONSIGNMENT_SLOT', {
        consignmentIds: orderIds.slice(0, 24),
        slotId,
      })
    ).ids;
    await command(run, 'MANUAL_COLLECT', { consignmentIds: assigned.slice(0, 12) });
    await command(run, 'MANUAL_DELIVER', {
      consignmentIds: assigned.slice(0, 6),
      comment: 'Demo: delivered',
    });
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
}

/** The courier id of the demo courier user. */
export const DEMO_COURIER_ID = '1';

/** The demo users of `demoUsers`, with access to every demo department (customer: the first customer). */
export async function seedDemoUsers(run: RunCommand, logger: Logger): Promise<void> {
  for (const user of demoUsers) {
    await command(run, 'CREATE_USER', {
      ...user,
      departmentIds: ['1', '2', '3', '4'],
      customerId: user.role === 'CUSTOMER' ? '1' : null,
      // The courier reports its own position as courier 1 (SET_COURIER_LOCATION needs an id).
      courierId: user.role === 'COURIER' ? DEMO_COURIER_ID : null,
    });
  }
  logger.info(
    { users: demoUsers.length },
    'demo users loaded through commands (see README for their phone numbers)',
  );
}
