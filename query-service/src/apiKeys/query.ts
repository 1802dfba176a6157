import {
  AppError,
  API_KEYS_TABLE,
  DELIVERY_WINDOW_DAYS,
  customerScope,
  DEPARTMENTS_TABLE,
  SLOTS_TABLE,
  type ApiKeyRow,
  type DeliveryWindow,
  type DepartmentRow,
  type SlotRow,
} from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';
import { customerByNumber, readableCustomer, servicesAt, todayOf } from './services.js';

/**
 * Query `apiKeys {customerId}` (0069): a customer's keys for its admin screen, newest first. The
 * rows hold no secret and no hash; they reach whoever may read keys, by the entity's rule (the
 * socket's too), whatever the customer's department. A customer user (the portal, 0085) asks
 * for its own customers' only: another customer is NOT_FOUND, as if it did not exist.
 */
export const apiKeys: QueryHandler<'apiKeys'> = async ({ customerId }, { knex, identity }) => {
  const scope = customerScope(identity);
  if (scope && !scope.includes(customerId))
    throw new AppError('NOT_FOUND', `Customer ${customerId} not found`);
  const rows = await knex(API_KEYS_TABLE)
    .where('customer_id', customerId)
    .select<{ data: ApiKeyRow }[]>('data');
  return rows.map((r) => r.data).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
};

type Knex = Parameters<typeof readableCustomer>[0];

async function departmentOf(knex: Knex, departmentId: string | null) {
  if (!departmentId) return null;
  const row = await knex(DEPARTMENTS_TABLE)
    .where('id', departmentId)
    .first<{ data: DepartmentRow } | undefined>('data');
  return row?.data ?? null;
}

/** The department's country (where a customer's prices and days are), `NO` without one. */
const countryOf = async (knex: Knex, departmentId: string | null) =>
  (await departmentOf(knex, departmentId))?.country ?? 'NO';

/**
 * The external orders API's services lookup (spec §7): the services of the customer of a number
 * (and sub-customer) from a pickup to a delivery postal code. Prices go by the delivery's zone, as
 * an order's do; the pickup is validated and answers nothing more (docs/decisions/0069).
 */
export const externalServices: QueryHandler<'externalServices'> = async (p, ctx) => {
  const customer = await customerByNumber(
    ctx.knex,
    ctx.identity,
    p.alystraCustomerNo,
    p.subcustomer,
  );
  const country = await countryOf(ctx.knex, customer.departmentId);
  return servicesAt(
    ctx.knex,
    { customerId: customer.id, departmentId: customer.departmentId },
    { country: p.deliveryCountryCode, postalCode: p.deliveryPostalCode },
    todayOf(country, ctx.clock()),
  );
};

/**
 * `GET /checkout/api/hd-services` (spec §7): a webshop's checkout asks which home-delivery
 * services it can offer at an address: the customer's services when its department delivers to
 * homes (department type `hd`), none otherwise.
 */
export const hdServices: QueryHandler<'hdServices'> = async (p, ctx) => {
  const customer = await customerByNumber(ctx.knex, ctx.identity, p.customerNumber, p.subcustomer);
  const department = await departmentOf(ctx.knex, customer.departmentId);
  if (department?.departmentType !== 'hd') return [];
  const country = department.country;
  return servicesAt(
    ctx.knex,
    { customerId: customer.id, departmentId: customer.departmentId },
    { country: p.deliveryCountryCode, postalCode: p.deliveryPostalCode },
    todayOf(country, ctx.clock()),
  );
};

/**
 * `GET /checkout/api/department-matrix/services` (spec §7): the services of a department (by its
 * id in the transport-management system) at a postal code, on the department's own price list,
 * as far as its matrix offers them there (docs/decisions/0079; no matrix: every priced service).
 * A department outside the caller's access is not found, as if it did not exist.
 */
export const departmentMatrixServices: QueryHandler<'departmentMatrixServices'> = async (
  p,
  { knex, identity, clock },
) => {
  const rows = await knex(DEPARTMENTS_TABLE)
    .whereRaw(`data->>'alystraId' = ?`, [p.departmentExternalId])
    .select<{ data: DepartmentRow }[]>('data');
  const department = rows
    .map((r) => r.data)
    .find((d) => identity.departmentIds === '*' || identity.departmentIds.includes(String(d.id)));
  if (!department)
    throw new AppError('NOT_FOUND', `Department ${p.departmentExternalId} not found`);
  return servicesAt(
    knex,
    { customerId: null, departmentId: String(department.id) },
    { country: p.countryCode, postalCode: p.postalCode },
    todayOf(department.country, clock()),
  );
};

/** Whether a slot's areas take a postal code (a slot without areas takes every one). */
function covers(slot: SlotRow, postalCode: string): boolean {
  if (slot.areas.length === 0) return true;
  const code = Number(postalCode);
  return slot.areas.some((a) =>
    a.postalCodes.some((entry) => {
      const [from, to] = entry.split('-');
      return Number(from) <= code && code <= Number(to ?? from);
    }),
  );
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const weekdays = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
const weekdayOf = (date: string) => weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

/**
 * Query `deliveryWindows {customerId, postalCode, serviceCode}` (spec §7): the windows of the
 * customer's department's slots in 14 days that take the postal code, once each, when the service
 * is one the customer is priced for there (else NOT_FOUND: a service it cannot book). The days
 * start at the date asked (today by default), and where the department has a matrix
 * (docs/decisions/0079) not before today plus the entry's lead time, on its weekdays only.
 */
export const deliveryWindows: QueryHandler<'deliveryWindows'> = async (p, ctx) => {
  const customer = await readableCustomer(ctx.knex, ctx.identity, p.customerId);
  const country = await countryOf(ctx.knex, customer.departmentId);
  const today = todayOf(country, ctx.clock());
  const asked = p.fromDate ?? today;
  const offered = await servicesAt(
    ctx.knex,
    { customerId: customer.id, departmentId: customer.departmentId },
    { country, postalCode: p.postalCode },
    asked,
  );
  const service = offered.find((s) => s.serviceCode === p.serviceCode);
  if (!service)
    throw new AppError(
      'NOT_FOUND',
      `Service ${p.serviceCode} is not offered to this customer at ${p.postalCode}`,
    );
  if (!customer.departmentId) return [];
  const earliest = addDays(today, service.leadTimeDays);
  const from = asked < earliest ? earliest : asked;
  const slots = await ctx
    .knex(SLOTS_TABLE)
    .where('department_id', customer.departmentId)
    .where('deleted', false)
    .whereBetween('date', [from, addDays(from, DELIVERY_WINDOW_DAYS - 1)])
    .select<{ data: SlotRow }[]>('data');
  const delivered = (date: string) =>
    service.deliveryWeekdays.length === 0 || service.deliveryWeekdays.includes(weekdayOf(date));
  const windows = new Map<string, DeliveryWindow>();
  for (const { data: slot } of slots) {
    if (slot.state === 'CANCELLED' || slot.state === 'COMPLETED' || !covers(slot, p.postalCode))
      continue;
    if (!delivered(slot.date)) continue;
    const window = { date: slot.date, from: slot.timeFrom, to: slot.timeTo };
    windows.set(`${window.date} ${window.from} ${window.to}`, window);
  }
  return [...windows.values()].sort(
    (a, b) => a.date.localeCompare(b.date) || a.from.localeCompare(b.from),
  );
};
