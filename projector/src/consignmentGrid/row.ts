import {
  measurementTotals,
  rowFlags,
  type BookedOrder,
  type ConsignmentEvent,
  type ConsignmentRow,
  type ConsignmentState,
} from '@nordlog/contracts';

export function rowFromOrder(
  order: BookedOrder,
  state: ConsignmentState,
  revision: number,
  at: string,
): ConsignmentRow {
  const totals = measurementTotals(order.measurements);
  const { pickup: p, delivery: d } = order;
  return {
    id: order.orderId,
    orderId: order.orderId,
    shipmentId: order.shipmentId ?? null,
    trackingId: order.trackingId ?? null,
    packageIds: order.measurements.flatMap((l) => l.packageIds ?? []),
    departmentId: order.departmentId,
    customerId: order.customerId,
    customerName: null,
    date: order.pickupDate,
    groupId: null,
    // A code the sender or the terminal gives; an empty field is none.
    loadCarrierId: order.loadCarrierId || null,
    groupOrder: null,
    state,
    type: order.type,
    priority: order.priority,
    slotId: null,
    deliveryTimeEarliest: order.deliveryTimeEarliest ?? null,
    deliveryTimeLatest: order.deliveryTimeLatest ?? null,
    pickupTimeEarliest: order.pickupTimeEarliest ?? null,
    pickupTimeLatest: order.pickupTimeLatest ?? null,
    weightValue: totals.weight,
    weightUnit: 'KGM',
    volumeValue: totals.volume,
    volumeUnit: 'DMQ',
    widthValue: totals.width,
    widthUnit: 'CMT',
    heightValue: totals.height,
    heightUnit: 'CMT',
    lengthValue: totals.length,
    lengthUnit: 'CMT',
    packageCount: totals.count,
    pickupDurationSeconds: order.pickupDurationSeconds ?? null,
    deliveryDurationSeconds: order.deliveryDurationSeconds ?? null,
    vehicleType: order.vehicleType ?? null,
    serviceCode: order.serviceCode || order.serviceId || null,
    groupName: order.groupName ?? null,
    fixedOrder: order.fixedOrder ?? false,
    customerRef: order.customerRef ?? null,
    recipientRef: order.recipientRef ?? null,
    pickupName: p.name,
    pickupAddress: p.address,
    pickupZipCode: p.zipCode,
    pickupZipArea: p.zipArea,
    pickupCountryCode: p.countryCode,
    pickupLat: p.lat ?? null,
    pickupLng: p.lng ?? null,
    pickupPrecision: p.lat != null ? (p.precision ?? null) : null,
    deliveryName: d.name,
    deliveryAddress: d.address,
    deliveryZipCode: d.zipCode,
    deliveryZipArea: d.zipArea,
    deliveryCountryCode: d.countryCode,
    deliveryLat: d.lat ?? null,
    deliveryLng: d.lng ?? null,
    deliveryPrecision: d.lat != null ? (d.precision ?? null) : null,
    deviationReason: null,
    rejectionReason: null,
    createdAt: at,
    updatedAtEpoch: Date.parse(at),
    revision,
    ...rowFlags(state, order.loadCarrierId || null),
  };
}

/** The row after a non-creating event; pure. */
export function evolveRow(
  row: ConsignmentRow,
  event: Exclude<ConsignmentEvent, { type: 'OrderCreated' }>,
): ConsignmentRow {
  const next: ConsignmentRow = { ...row, state: event.data.state };
  switch (event.type) {
    // The recipient's answer (0063) too: the order it left, shown as an edit's (day, place, type).
    case 'OrderUpdated':
    case 'RecipientAnswered': {
      // The edited order replaces the booked one; what happened since (slot, reasons) stays.
      const fresh = rowFromOrder(event.data.order, event.data.state, row.revision, row.createdAt);
      return {
        ...fresh,
        customerName: row.customerName,
        // Edits never change the link's key (the decider keeps it); an edit event without one
        // must not drop the link either.
        trackingId: fresh.trackingId ?? row.trackingId,
        slotId: row.slotId,
        groupId: row.groupId,
        // The edited order names its load carrier (or none) as the booking did.
        loadCarrierId: fresh.loadCarrierId,
        groupOrder: row.groupOrder,
        deviationReason: row.deviationReason,
        rejectionReason: row.rejectionReason,
      };
    }
    case 'OrderMoved':
      return { ...next, departmentId: event.data.departmentId, slotId: null };
    case 'AddressResolved': {
      const { side, lat, lng } = event.data;
      const precision = event.data.precision ?? null;
      return side === 'pickup'
        ? { ...next, pickupLat: lat, pickupLng: lng, pickupPrecision: precision }
        : { ...next, deliveryLat: lat, deliveryLng: lng, deliveryPrecision: precision };
    }
    case 'AddressUnresolved':
      return event.data.side === 'pickup'
        ? { ...next, pickupLat: null, pickupLng: null, pickupPrecision: null }
        : { ...next, deliveryLat: null, deliveryLng: null, deliveryPrecision: null };
    case 'ConsignmentAssignedToSlot':
      return { ...next, slotId: event.data.slotId };
    case 'ConsignmentUnassignedFromSlot':
    case 'OrderDeleted':
      return { ...next, slotId: null };
    case 'ConsignmentDeviated':
      return { ...next, deviationReason: event.data.reason };
    case 'OrderRejected':
      return { ...next, rejectionReason: event.data.reason };
    case 'OrderAccepted':
    case 'ConsignmentCollected':
    case 'ConsignmentDelivered':
    case 'ConsignmentReturned':
    case 'OrderRestored':
    case 'OrderReturnCreated':
      // The grid shows no return; the orders read model and the manage-returns screen do (0057).
      return next;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Words a consignment is found by (searchConsignments), lower-cased. */
export const searchText = (row: ConsignmentRow): string =>
  [
    row.id,
    row.shipmentId,
    row.customerName,
    // The SSCC on a parcel's label: a planner with the parcel in hand types or scans it.
    ...row.packageIds,
    row.customerRef,
    row.recipientRef,
    row.pickupName,
    row.pickupAddress,
    row.pickupZipCode,
    row.pickupZipArea,
    row.deliveryName,
    row.deliveryAddress,
    row.deliveryZipCode,
    row.deliveryZipArea,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
