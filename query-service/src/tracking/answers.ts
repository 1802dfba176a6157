import {
  ADDRESSES_TABLE,
  DEPARTMENTS_TABLE,
  HOLIDAYS_TABLE,
  SERVICE_MAPPINGS_TABLE,
  answerRefusal,
  dayIn,
  isDriving,
  openDates,
  openWindow,
  type AddressRow,
  type OrderRow,
  type PickupPointView,
  type SlotRow,
  type TrackingDetails,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/** At most this many pickup points are offered (a department's nearest list, by name). */
const MAX_PICKUP_POINTS = 50;

type Answers = Pick<TrackingDetails, 'answersOpen' | 'openDates' | 'pickupPoints' | 'answers'>;

/**
 * What the tracking page offers the recipient to answer (docs/decisions/0063): whether answers
 * are open (the command's own rule, contracts `answerRefusal`), the department's open dates and
 * pickup points while they are, and the answers given.
 */
export async function answersOf(
  knex: Knex,
  row: OrderRow,
  slot: SlotRow | undefined,
  timeZone: string,
  now: number,
): Promise<Answers> {
  const answers = (row.recipientAnswers ?? []).map(({ kind, at, date }) => ({
    kind,
    at,
    ...(date ? { date } : {}),
  }));
  const driven =
    !!slot &&
    isDriving(slot.state) &&
    slot.stops.some((s) => s.kind === 'delivery' && s.consignmentId === row.id);
  const open =
    !!row.order.trackingId &&
    answerRefusal(row.state, driven) === null &&
    (await flexDeliveryAllowed(knex, row.order.serviceId));
  if (!open) return { answersOpen: false, openDates: [], pickupPoints: [], answers };
  const today = dayIn(timeZone, new Date(now).toISOString());
  const [holidays, pickupPoints] = await Promise.all([
    holidaysIn(knex, row.departmentId, openWindow(today)),
    pickupPointsOf(knex, row.departmentId),
  ]);
  return {
    answersOpen: true,
    openDates: openDates(today, (d) => holidays.has(d)),
    pickupPoints,
    answers,
  };
}

/**
 * Whether the order's service lets the recipient change the delivery (the service mapping's
 * `allowFlexDelivery`, 0081 addendum); no service, or a code the catalogue does not know: yes.
 * The command's own rule (recipientAnswers handlers) reads the same flag from the article.
 */
async function flexDeliveryAllowed(knex: Knex, serviceCode: string | undefined) {
  if (!serviceCode) return true;
  const mapping = await knex(SERVICE_MAPPINGS_TABLE)
    .where({ code: serviceCode, deleted: false })
    .first<{ data: { allowFlexDelivery?: boolean } } | undefined>('data');
  return mapping?.data.allowFlexDelivery !== false;
}

/** The dates among these on which the department's country delivers nothing. */
async function holidaysIn(knex: Knex, departmentId: string, dates: string[]) {
  const department = await knex(DEPARTMENTS_TABLE)
    .where('id', departmentId)
    .first<{ data: { country: string } } | undefined>('data');
  const rows = await knex(HOLIDAYS_TABLE)
    .where({ country: department?.data.country ?? '', deleted: false })
    .whereIn('type', ['PUBLIC_HOLIDAY', 'NO_DELIVERY'])
    .whereBetween('date', [dates[0]!, dates.at(-1)!])
    .select<{ date: string }[]>('date');
  return new Set(rows.map((r) => r.date));
}

/** The department's pickup points: the address-book places marked so, by name. */
async function pickupPointsOf(knex: Knex, departmentId: string): Promise<PickupPointView[]> {
  const rows = await knex(ADDRESSES_TABLE)
    .where({ department_id: departmentId, deleted: false })
    .whereRaw(`(data->>'pickupPoint')::boolean`)
    .orderBy(['name', 'id'])
    .limit(MAX_PICKUP_POINTS)
    .select<{ data: AddressRow }[]>('data');
  return rows.map(({ data }) => ({
    id: data.id,
    name: data.block.name,
    address: data.block.address,
    zipCode: data.block.zipCode,
    zipArea: data.block.zipArea,
  }));
}
