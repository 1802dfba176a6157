import { type CommandName } from '@nordlog/contracts';
import { updateSamples } from '../samples.js';
import { DATE, ONE_PIXEL_PNG, block, type Base } from './world.js';

/** Command bases (see ../commandBases.ts) of departments, customers and orders. */
export const orderBases = {
  CREATE_DEPARTMENT: (w) => updateSamples.UPDATE_DEPARTMENT(w).create,
  UPDATE_DEPARTMENT: (w) => ({ id: w.departments[0], name: 'Oslo sentrum' }),
  CREATE_CUSTOMER: (w) => updateSamples.UPDATE_CUSTOMER(w).create,
  UPDATE_CUSTOMER: (w) => ({ id: w.customers[0], orgNumber: '974760673' }),
  DELETE_CUSTOMER: (w) => ({ id: w.loneCustomer }),
  CREATE_ORDER: (w) => ({
    departmentId: w.departments[0],
    customerId: w.customers[0],
    pickupDate: DATE,
    pickup: block,
    delivery: block,
    measurements: [{ weight: 1 }],
  }),
  UPDATE_ORDER: (w) => ({ orderId: w.order, orderNote: 'ring' }),
  // A batch of two orders (docs/decisions/0059-import.md).
  CREATE_ORDERS: (w) => ({
    orders: [0, 1].map((i) => ({
      departmentId: w.departments[0],
      customerId: w.customers[0],
      pickupDate: DATE,
      pickup: block,
      delivery: { ...block, name: `Batch ${i}` },
      measurements: [{ weight: 1 }],
    })),
  }),
  MOVE_ORDERS: (w) => ({ orderIds: [w.order], departmentId: w.departments[1] }),
  MOVE_ORDERS_NEW: (w) => ({ orderIds: [w.order], departmentId: w.departments[1] }),
  ACCEPT_ORDERS: (w) => ({ orderIds: [w.order] }),
  REJECT_ORDERS: (w) => ({ orderIds: [w.order], reason: 'OTHER', otherReason: 'x' }),
  RESOLVE_ADDRESS: (w) => ({ consignmentId: w.order, side: 'delivery', lat: 59.9, lng: 10.7 }),
  PIN_ADDRESS: (w) => ({ departmentId: w.departments[0], ...block, lat: 59.9139, lng: 10.7522 }),
  UNRESOLVE_DELIVERY_ADDRESS: (w) => ({ consignmentIds: [w.order] }),
  UNRESOLVE_PICKUP_ADDRESS: (w) => ({ consignmentIds: [w.order] }),
  UPDATE_CONSIGNMENT_SLOT: (w) => ({ consignmentIds: [w.order], slotId: w.slot }),
  UNASSIGN_CONSIGNMENTS: (w) => ({ consignmentIds: [w.order] }),
  MANUAL_COLLECT: (w) => ({ consignmentIds: [w.order], comment: 'c' }),
  MANUAL_DELIVER: (w) => ({ consignmentIds: [w.order] }),
  // A delivered order's proof (0068): a name, a signature and a photo (a 1×1 PNG).
  RECORD_DELIVERY_PROOF: (w) => ({
    orderId: w.delivered,
    recipientName: 'Kari Nordmann',
    signature: { width: 300, height: 120, strokes: [[10, 10, 40, 60, 80, 20]] },
    photos: [{ data: ONE_PIXEL_PNG }],
  }),
  MANUAL_DEVIATE: (w) => ({ consignmentIds: [w.order], reason: 'DAMAGED' }),
  CREATE_DEVIATION: (w) => updateSamples.UPDATE_DEVIATION(w).create,
  UPDATE_DEVIATION: (w) => ({ orderId: w.planned, id: w.deviation, reason: 'REFUSED' }),
  DELETE_DEVIATION: (w) => ({ orderId: w.planned, id: w.deviation }),
  COPY_DEVIATED_ORDER: (w) => ({ orderId: w.planned, to: 'SENDER' }),
  CREATE_MULTILEG_RETURN: (w) => ({ orderId: w.delivered, pickupDate: DATE }),
  CREATE_MULTILEG_RETURNS: (w) => ({ orderIds: [w.delivered], pickupDate: DATE }),
  MANUAL_RETURN: (w) => ({ consignmentIds: [w.order] }),
  DELETE_ORDERS: (w) => ({ orderIds: [w.order] }),
  RESTORE_ORDERS: (w) => ({ orderIds: [w.order] }),
  ERASE_PERSONAL_DATA: (w) => ({ orderIds: [w.order] }),
} satisfies Partial<Record<CommandName, Base>>;
