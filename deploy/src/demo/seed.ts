import type { CommandResult } from '@nordlog/contracts';
import type { Logger } from '@nordlog/platform';
import { demoCustomers, demoDepartments, demoOrder, prng } from './data.js';

/** Posts one command to the running product, as any client would. */
async function command(baseUrl: string, type: string, payload: unknown): Promise<CommandResult> {
  const res = await fetch(`${baseUrl}/api/command/${type}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type, payload }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${type} failed with ${res.status}: ${JSON.stringify(body)}`);
  return body as CommandResult;
}

const todayIn = (tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());

/**
 * Loads the demo data through the command API (never SQL): four departments, eight customers and
 * a day of consignments per department, some of them moved along the state machine.
 */
export async function seedDemoData(
  baseUrl: string,
  logger: Logger,
  ordersPerDepartment = 60,
): Promise<void> {
  const rnd = prng(20261122);
  const departments = new Map<
    string,
    { id: string; country: string; location: { lat: number; lng: number } | null; tz: string }
  >();
  for (const { key, tz, ...fields } of demoDepartments) {
    const result = await command(baseUrl, 'CREATE_DEPARTMENT', fields);
    departments.set(key, {
      id: result.ids[0]!,
      country: fields.country,
      location: fields.location,
      tz,
    });
  }
  const customers: { id: string; name: string; department: string }[] = [];
  for (const { department, ...fields } of demoCustomers) {
    const result = await command(baseUrl, 'CREATE_CUSTOMER', {
      ...fields,
      departmentId: departments.get(department)!.id,
    });
    customers.push({ id: result.ids[0]!, name: fields.name, department });
  }
  let index = 0;
  for (const [key, dep] of departments) {
    const mine = customers.filter((c) => c.department === key);
    const orderIds: string[] = [];
    for (let i = 0; i < ordersPerDepartment; i++) {
      const order = demoOrder(rnd, dep, mine[i % mine.length]!, todayIn(dep.tz), index++);
      orderIds.push((await command(baseUrl, 'CREATE_ORDER', order)).ids[0]!);
    }
    // Move part of the day along: some assigned to a slot, collected, delivered.
    const slotId = String(100 + Number(dep.id));
    const assigned = (
      await command(baseUrl, 'UPDATE_CONSIGNMENT_SLOT', {
        consignmentIds: orderIds.slice(0, 24),
        slotId,
      })
    ).ids;
    await command(baseUrl, 'MANUAL_COLLECT', { consignmentIds: assigned.slice(0, 12) });
    await command(baseUrl, 'MANUAL_DELIVER', {
      consignmentIds: assigned.slice(0, 6),
      comment: 'Demo: delivered',
    });
  }
  logger.info(
    { departments: departments.size, customers: customers.length, orders: index },
    'demo data loaded through commands',
  );
}
