import {
  ORDERS_ENTITY,
  ORDERS_TABLE,
  consignmentEventTypes,
  evolveOrderRow,
  invoicingDate,
  PERSONAL_DATA_ERASED,
  isInvoicingEventType,
  chargedSmsOf,
  type AddressBlock,
  type BookedOrder,
  type ConsignmentEvent,
  type OrderRow,
  type RecordedEvent,
  unresolvedKeys,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';
import { trigramIndexSql } from '../framework/trigram.js';

const isConsignmentEvent = (e: RecordedEvent): e is RecordedEvent & ConsignmentEvent =>
  (consignmentEventTypes as readonly string[]).includes(e.type);
/** The order's own events: its consignment's, and its invoicing's (docs/decisions/0032). */
const isOrderStreamEvent = (e: RecordedEvent) =>
  e.streamId.startsWith('order-') &&
  (isConsignmentEvent(e) ||
    isInvoicingEventType(e.type) ||
    e.type === PERSONAL_DATA_ERASED ||
    // A delivery's proof (docs/decisions/0068).
    e.type === 'DeliveryProofRecorded' ||
    // A sent pre-advice SMS, invoiced with the order (contracts invoicing/sms.ts).
    chargedSmsOf(e) !== null);

const T = ORDERS_TABLE;

const blockWords = (b: AddressBlock) => [b.name, b.address, b.zipCode, b.zipArea];
const blockDetails = (b: AddressBlock) => [
  b.contactPerson,
  b.phone,
  b.secondPhone,
  b.email,
  b.instructions,
];

/** Words `searchOrders` finds an order by (lower-cased): ids, references, parties, places. */
export const orderSearchText = (o: BookedOrder): string =>
  [
    o.orderId,
    o.shipmentId,
    o.customerRef,
    o.recipientRef,
    ...blockWords(o.pickup),
    ...blockWords(o.delivery),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

/** The advanced search adds notes, contacts, phones, e-mails and package ids. */
export const orderAdvancedText = (o: BookedOrder): string =>
  [
    orderSearchText(o),
    o.orderNote,
    o.customerInfo,
    o.customerContact,
    ...blockDetails(o.pickup),
    ...blockDetails(o.delivery),
    ...o.measurements.flatMap((l) => l.packageIds ?? []),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

/** The columns an invoicing event changes (with the revision). */
const invoicingColumns = (row: OrderRow) => ({
  corrections: row.invoicing?.corrections.length ?? 0,
  updated_at_epoch: row.updatedAtEpoch,
});

/** One row per order with the whole booked order: the form's edit, copy and restore modes. */
export const ordersProjection = rowProjection<OrderRow>({
  name: 'orders',
  table: T,
  entity: ORDERS_ENTITY,
  migrations: [
    {
      name: '0001_rm_orders',
      async up(knex) {
        await knex.raw(`
          create table ${T} (
            id bigint primary key,
            revision integer not null,
            department_id bigint not null,
            customer_id bigint not null,
            date date not null,
            state text not null,
            shipment_id text,
            updated_at_epoch bigint not null,
            search_text text not null,
            advanced_text text not null,
            data jsonb not null
          );
          create index ${T}_department_date on ${T} (department_id, date);
          create index ${T}_unconfirmed on ${T} (department_id) where state = 'UNCONFIRMED';
          create index ${T}_shipment on ${T} (shipment_id) where shipment_id is not null;`);
      },
    },
    {
      // The public tracking page finds its order by the link's key (docs/decisions/0028).
      name: '0002_rm_orders_tracking',
      async up(knex) {
        await knex.raw(`
          alter table ${T} add column tracking_id text;
          update ${T} set tracking_id = data->'order'->>'trackingId';
          create index ${T}_tracking on ${T} (tracking_id) where tracking_id is not null;`);
      },
    },
    {
      // The audit replay finds an order by a package's SSCC (docs/decisions/0029): a containment
      // test on the measurement lines (`@> [{"packageIds": [sscc]}]`).
      name: '0003_rm_orders_package_ids',
      async up(knex) {
        await knex.raw(`
          create index ${T}_packages on ${T}
            using gin ((data->'order'->'measurements') jsonb_path_ops);`);
      },
    },
    {
      // Invoicing (docs/decisions/0032): an order is invoiced under its delivery date; the
      // corrections screen finds the orders that have corrections.
      name: '0004_rm_orders_invoicing',
      async up(knex) {
        await knex.raw(`
          alter table ${T} add column invoicing_date date, add column corrections integer not null default 0;
          update ${T} set invoicing_date = coalesce((data->'order'->>'deliveryDate')::date, date);
          alter table ${T} alter column invoicing_date set not null;
          create index ${T}_invoicing on ${T} (department_id, invoicing_date);
          create index ${T}_corrections on ${T} (department_id, invoicing_date) where corrections > 0;`);
      },
    },
    {
      // searchOrders finds words anywhere in the texts (LIKE '%word%'): trigram indexes, as the
      // grid's search has (docs/decisions/0052-search-screens.md, `npm run bench:exceptions`).
      name: '0005_rm_orders_search',
      async up(knex) {
        await knex.raw(trigramIndexSql(T, 'search_text', `${T}_search`));
        await knex.raw(trigramIndexSql(T, 'advanced_text', `${T}_advanced`));
      },
    },
    {
      // Unresolved addresses (docs/decisions/0053): the keys of an UNRESOLVED order's addresses
      // without a point, so the screen's count groups them without reading the orders' JSON.
      name: '0006_rm_orders_unresolved',
      async up(knex) {
        await knex.raw(`
          alter table ${T} add column unresolved_keys text[];
          create index ${T}_unresolved on ${T} (department_id) where state = 'UNRESOLVED';`);
        const rows = await knex(T)
          .where('state', 'UNRESOLVED')
          .select<{ id: string; data: OrderRow }[]>('id', 'data');
        for (const r of rows)
          await knex(T)
            .where('id', r.id)
            .update({ unresolved_keys: unresolvedKeys(r.data) });
      },
    },
    {
      // Returns (docs/decisions/0057-returns.md): the manage-returns screen lists a department's
      // deviated orders without a return (to make) and the orders with one (made), by date.
      name: '0007_rm_orders_returns',
      async up(knex) {
        await knex.raw(`
          alter table ${T} add column has_return boolean not null default false;
          create index ${T}_returns_to_make on ${T} (department_id, date)
            where state = 'DEVIATED' and not has_return;
          create index ${T}_returns_made on ${T} (department_id, date) where has_return;`);
      },
    },
    {
      // Recurring orders (docs/decisions/0058): `orders {recurringOrderId}` lists what one booked.
      name: '0008_rm_orders_recurring',
      async up(knex) {
        await knex.raw(`
          alter table ${T} add column recurring_order_id bigint;
          create index ${T}_recurring on ${T} (recurring_order_id) where recurring_order_id is not null;`);
      },
    },
  ],
  rowId: (e) => (isOrderStreamEvent(e) ? e.streamId.slice('order-'.length) : null),
  // The one fold of an order's events (contracts), which the audit replay runs too (0029).
  evolve: (row, e) => (isOrderStreamEvent(e) ? evolveOrderRow(row, e) : row),
  // An invoicing event, and a sent SMS, change the order's invoicing and stamp only (0048), but
  // a price correction changes the order's prices too: that one is written whole.
  patches: {
    handles: (e) =>
      (isInvoicingEventType(e.type) && e.type !== 'OrderPricesCorrected') ||
      chargedSmsOf(e) !== null,
    parts: ['invoicing', 'updatedAtEpoch'],
    // evolveInvoicing's order id; the scope (contracts entityAccess.orders).
    reads: [['orderId'], ['departmentId'], ['customerId'], ['state'], ['order', 'pickupDate']],
    columns: (row) => invoicingColumns(row),
  },
  columns: (row) => ({
    department_id: row.departmentId,
    customer_id: row.customerId,
    date: row.order.pickupDate,
    state: row.state,
    shipment_id: row.shipmentId,
    invoicing_date: invoicingDate(row.order),
    tracking_id: row.order.trackingId ?? null,
    unresolved_keys: unresolvedKeys(row),
    has_return: (row.returns?.length ?? 0) > 0,
    recurring_order_id: row.recurringOrderId ?? null,
    ...invoicingColumns(row),
    search_text: orderSearchText(row.order),
    advanced_text: orderAdvancedText(row.order),
  }),
});
