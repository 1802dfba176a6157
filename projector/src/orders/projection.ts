import {
  ORDERS_ENTITY,
  ORDERS_TABLE,
  canTransition,
  consignmentEventTypes,
  isConsignmentState,
  rowFlags,
  type AddressBlock,
  type BookedOrder,
  type ConsignmentEvent,
  type OrderRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';

const isConsignmentEvent = (e: RecordedEvent): e is RecordedEvent & ConsignmentEvent =>
  (consignmentEventTypes as readonly string[]).includes(e.type);

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

function fromOrder(order: BookedOrder, base: Partial<OrderRow>): OrderRow {
  return {
    id: order.orderId,
    orderId: order.orderId,
    parentId: order.parentId ?? null,
    shipmentId: order.shipmentId ?? null,
    departmentId: order.departmentId,
    customerId: order.customerId,
    state: 'CREATED',
    order,
    slotId: null,
    rejectionReason: null,
    otherReason: null,
    createdAt: '',
    updatedAtEpoch: 0,
    revision: 0,
    isEditable: true,
    isDeletable: true,
    ...base,
  };
}

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
  ],
  rowId: (e) => (isConsignmentEvent(e) ? e.streamId.slice('order-'.length) : null),
  evolve(row, e) {
    if (!isConsignmentEvent(e) || !isConsignmentState(e.data.state)) return row;
    const at = { revision: e.streamRevision, updatedAtEpoch: Date.parse(e.metadata.occurredAt) };
    if (e.type === 'OrderCreated')
      return withFlags(
        fromOrder(e.data.order, { ...at, state: e.data.state, createdAt: e.metadata.occurredAt }),
      );
    if (!row) return row;
    const next: OrderRow = { ...row, ...at, state: e.data.state };
    switch (e.type) {
      case 'OrderUpdated':
        return withFlags({
          ...next,
          ...fromOrder(e.data.order, {}),
          ...at,
          state: e.data.state,
          slotId: row.slotId,
          rejectionReason: row.rejectionReason,
          otherReason: row.otherReason,
          createdAt: row.createdAt,
        });
      case 'OrderMoved':
        return withFlags({
          ...next,
          departmentId: e.data.departmentId,
          slotId: null,
          order: { ...row.order, departmentId: e.data.departmentId },
        });
      case 'OrderRejected':
        return withFlags({
          ...next,
          rejectionReason: e.data.reason,
          otherReason: e.data.otherReason,
        });
      case 'ConsignmentAssignedToSlot':
        return withFlags({ ...next, slotId: e.data.slotId });
      case 'ConsignmentUnassignedFromSlot':
      case 'OrderDeleted':
        return withFlags({ ...next, slotId: null });
      case 'AddressResolved': {
        // The edit form shows where the address was placed since booking.
        const { side, lat, lng, resolvedBy } = e.data;
        const block = { ...row.order[side], lat, lng, resolvedBy };
        return withFlags({ ...next, order: { ...row.order, [side]: block } });
      }
      case 'AddressUnresolved': {
        const block = { ...row.order[e.data.side], lat: null, lng: null };
        return withFlags({ ...next, order: { ...row.order, [e.data.side]: block } });
      }
      case 'OrderAccepted':
      case 'OrderRestored':
      case 'ConsignmentCollected':
      case 'ConsignmentDelivered':
      case 'ConsignmentDeviated':
      case 'ConsignmentReturned':
        return withFlags(next);
      default: {
        const never: never = e;
        return never;
      }
    }
  },
  columns: (row) => ({
    department_id: row.departmentId,
    customer_id: row.customerId,
    date: row.order.pickupDate,
    state: row.state,
    shipment_id: row.shipmentId,
    tracking_id: row.order.trackingId ?? null,
    updated_at_epoch: row.updatedAtEpoch,
    search_text: orderSearchText(row.order),
    advanced_text: orderAdvancedText(row.order),
  }),
});

function withFlags(row: OrderRow): OrderRow {
  const flags = rowFlags(row.state, null);
  return { ...row, isEditable: flags.isEditable, isDeletable: canTransition('delete', row.state) };
}
