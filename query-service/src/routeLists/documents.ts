import {
  normaliseUnit,
  type AddressBlock,
  type DocumentPackage,
  type DocumentParty,
  type MeasurementLine,
  type OrderRow,
  type Waybill,
} from '@nordlog/contracts';

const round3 = (n: number) => Math.round(n * 1000) / 1000;

const party = (block: AddressBlock): DocumentParty => ({
  name: block.name ?? '',
  address: block.address ?? '',
  zipCode: block.zipCode ?? '',
  zipArea: block.zipArea ?? '',
  countryCode: block.countryCode ?? '',
  phone: block.phone ?? '',
  contactPerson: block.contactPerson ?? '',
  instructions: block.instructions ?? '',
});

/** Kilograms and cubic decimetres of one package of a line (spec §5: l × w × h / 1000). */
function packageOf(line: MeasurementLine): Omit<DocumentPackage, 'packageId'> {
  const l = normaliseUnit('length', line.length, line.dimensionUnit).value;
  const w = normaliseUnit('length', line.width, line.dimensionUnit).value;
  const h = normaliseUnit('length', line.height, line.dimensionUnit).value;
  const stated = normaliseUnit('volume', line.volume ?? 0, line.volumeUnit).value;
  return {
    weightKg: normaliseUnit('weight', line.weight, line.weightUnit).value,
    volumeDm3: round3(l === 0 && w === 0 && h === 0 ? stated : (l * w * h) / 1000),
    description: line.specificationDescription || line.packageTypeCode || '',
  };
}

/** Every package of an order, line by line, each with its SSCC (null where the order has none). */
export function packagesOf(lines: readonly MeasurementLine[]): DocumentPackage[] {
  return lines.flatMap((line) => {
    const each = packageOf(line);
    return Array.from({ length: line.quantity }, (_, i) => ({
      packageId: line.packageIds?.[i] ?? (i === 0 ? line.packageId || null : null),
      ...each,
    }));
  });
}

/** The waybill of one order as the orders read model holds it (pure). */
export function waybillOf(
  row: OrderRow,
  names: { department: string; customer: string | null },
): Waybill {
  const { order } = row;
  const packages = packagesOf(order.measurements);
  return {
    id: row.id,
    orderId: row.orderId,
    shipmentId: row.shipmentId,
    state: row.state,
    departmentId: row.departmentId,
    departmentName: names.department,
    customerId: row.customerId,
    customerName: names.customer,
    sender: party(order.pickup),
    recipient: party(order.delivery),
    serviceId: order.serviceId ?? '',
    type: order.type,
    pickupDate: order.pickupDate,
    pickupTimeEarliest: order.pickupTimeEarliest ?? null,
    pickupTimeLatest: order.pickupTimeLatest ?? null,
    deliveryDate: order.deliveryDate ?? order.pickupDate,
    deliveryTimeEarliest: order.deliveryTimeEarliest ?? null,
    deliveryTimeLatest: order.deliveryTimeLatest ?? null,
    customerRef: order.customerRef || null,
    recipientRef: order.recipientRef || null,
    orderNote: order.orderNote ?? '',
    additionalServices: (order.additionalServices ?? []).map((s) => ({
      vasCode: s.vasCode,
      quantity: s.quantity,
    })),
    dangerousGoods: (order.adrGoods ?? []).length > 0,
    packages,
    totals: {
      count: packages.length,
      weightKg: round3(packages.reduce((n, p) => n + p.weightKg, 0)),
      volumeDm3: round3(packages.reduce((n, p) => n + p.volumeDm3, 0)),
    },
    slotId: row.slotId,
    createdAt: row.createdAt,
  };
}
