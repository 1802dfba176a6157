import {
  CONSIGNMENT_GRID_TABLE,
  consignmentStates,
  rowFlags,
  type ConsignmentRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { searchText } from '@nordlog/projector';

const streets = [
  'Karl Johans gate',
  'Storgata',
  'Bogstadveien',
  'Kirkeveien',
  'Trondheimsveien',
  'Grensen',
  'Markveien',
  'Thorvald Meyers gate',
  'Sognsveien',
  'Ullevålsveien',
  'Drammensveien',
  'Hegdehaugsveien',
];
const places: [string, string][] = [
  ['0150', 'Oslo'],
  ['0565', 'Oslo'],
  ['1337', 'Sandvika'],
  ['2000', 'Lillestrøm'],
  ['3015', 'Drammen'],
  ['1406', 'Ski'],
  ['1470', 'Lørenskog'],
  ['0870', 'Oslo'],
];
const first = ['Ada', 'Per', 'Kari', 'Ola', 'Ingrid', 'Lars', 'Sofie', 'Nils', 'Mona', 'Jonas'];
const last = ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Berg', 'Dahl', 'Lie', 'Bakke', 'Moen'];
// Mostly open work, some finished or refused, as on a real day.
const stateMix = [
  ...Array<string>(6).fill('CREATED'),
  ...Array<string>(4).fill('RESOLVED'),
  ...Array<string>(3).fill('ASSIGNED'),
  'COLLECTED',
  'DELIVERED',
  'DELIVERED',
  'UNRESOLVED',
  'DEVIATED',
];

/**
 * A grid row as the consignment-grid projection writes it, made up from `i` alone (the same `i`
 * always gives the same row). The benchmark measures the query side, so rows go straight into the
 * read model; search_text comes from the projection's own function.
 */
export function benchRow(
  i: number,
  departmentId: string,
  customer: { id: string; name: string },
  date: string,
): ConsignmentRow {
  const h = (salt: number) => (Math.imul(i ^ salt, 2654435761) >>> 0) / 4294967296;
  const pick = <T>(list: readonly T[], salt: number): T => list[Math.floor(h(salt) * list.length)]!;
  const [zip, area] = pick(places, 3);
  const [pzip, parea] = pick(places, 5);
  const state = pick(stateMix, 7) as ConsignmentRow['state'];
  const at = Date.parse(`${date}T06:00:00Z`) + Math.floor(h(11) * 36_000_000);
  const start = 8 + Math.floor(h(13) * 8);
  const id = String(i);
  return {
    id,
    orderId: id,
    // GS1-shaped ids: 17 and 18 digits (the benchmark does not check their check digits).
    shipmentId: `7090001${String(i).padStart(10, '0')}`,
    trackingId: null,
    packageIds: [`17090001${String(i).padStart(10, '0')}`],
    departmentId,
    customerId: customer.id,
    customerName: customer.name,
    date,
    groupId: h(17) < 0.02 ? `G${Math.floor(i / 3)}` : null,
    loadCarrierId: null,
    groupOrder: null,
    state,
    type: 'Delivery',
    priority: h(19) < 0.1 ? 'high' : 'normal',
    slotId: null,
    deliveryTimeEarliest: `${String(start).padStart(2, '0')}:00`,
    deliveryTimeLatest: `${String(start + 2).padStart(2, '0')}:00`,
    pickupTimeEarliest: '07:00',
    pickupTimeLatest: '09:00',
    weightValue: Math.round(h(23) * 400) / 10,
    weightUnit: 'KGM',
    volumeValue: Math.round(h(29) * 2000) / 10,
    volumeUnit: 'DMQ',
    widthValue: 40,
    widthUnit: 'CMT',
    heightValue: 30,
    heightUnit: 'CMT',
    lengthValue: 60,
    lengthUnit: 'CMT',
    packageCount: 1 + Math.floor(h(31) * 4),
    customerRef: `REF-${100000 + i}`,
    recipientRef: h(37) < 0.3 ? `R${i}` : null,
    pickupName: customer.name,
    pickupAddress: `${pick(streets, 41)} ${1 + Math.floor(h(43) * 80)}`,
    pickupZipCode: pzip,
    pickupZipArea: parea,
    pickupCountryCode: 'NO',
    pickupLat: 59.91,
    pickupLng: 10.75,
    pickupPrecision: 'address',
    deliveryName: `${pick(first, 47)} ${pick(last, 53)}`,
    deliveryAddress: `${pick(streets, 59)} ${1 + Math.floor(h(61) * 120)}`,
    deliveryZipCode: zip,
    deliveryZipArea: area,
    deliveryCountryCode: 'NO',
    deliveryLat: 59.9 + h(67) * 0.1,
    deliveryLng: 10.7 + h(71) * 0.2,
    deliveryPrecision: 'postalCode',
    deviationReason: state === 'DEVIATED' ? 'Recipient not at home' : null,
    rejectionReason: null,
    createdAt: new Date(at).toISOString(),
    updatedAtEpoch: at,
    revision: 0,
    ...rowFlags(state, null),
  };
}

/**
 * Writes rows into the grid read model with one multi-row INSERT: the batch travels as one JSON
 * parameter and the server expands it into rows (json_to_recordset). The bench's rows have no
 * slot, so slot_id keeps its default (null).
 */
export async function insertGridRows(knex: Knex, rows: readonly ConsignmentRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (!rows.every((r) => (consignmentStates as readonly string[]).includes(r.state)))
    throw new Error('a bench row has an unknown state');
  const batch = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      revision: r.revision,
      department_id: r.departmentId,
      customer_id: r.customerId,
      date: r.date,
      state: r.state,
      updated_at_epoch: r.updatedAtEpoch,
      search_text: searchText(r),
      data: r,
    })),
  );
  await knex.raw(
    `insert into ${CONSIGNMENT_GRID_TABLE}
       (id, revision, department_id, customer_id, date, state, updated_at_epoch, search_text, data)
     select id, revision, department_id, customer_id, date, state, updated_at_epoch, search_text, data
       from json_to_recordset(?::json) as x(id bigint, revision int, department_id bigint,
            customer_id bigint, date date, state text, updated_at_epoch bigint, search_text text,
            data jsonb)`,
    [batch],
  );
}
