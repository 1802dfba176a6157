import {
  normaliseUnit,
  type AddressBlock,
  type BookedOrder,
  type LabelPage,
  type LabelParty,
  type PostalAddress,
} from '@nordlog/contracts';

const party = (block: AddressBlock): LabelParty => ({
  name: block.name,
  address: block.address,
  zipCode: block.zipCode,
  zipArea: block.zipArea,
  countryCode: block.countryCode,
});

/**
 * The sender a label prints: the customer who sends (issue 36), by name and, when its address is
 * known, that address; otherwise where the parcel is picked up. Never the department, which is
 * the carrier.
 */
export function labelSender(
  order: BookedOrder,
  customer: { name: string; address: PostalAddress | null } | null,
): LabelParty {
  if (!customer) return party(order.pickup);
  const a = customer.address;
  return a
    ? {
        name: customer.name,
        address: a.street,
        zipCode: a.postalCode,
        zipArea: a.town,
        countryCode: a.country,
      }
    : { ...party(order.pickup), name: customer.name };
}

/**
 * The pages of one order's labels: one per package, in the order of its lines, each with the
 * shipment's GSIN and the package's own SSCC. Pure; the order must be printable
 * (`labelRefusal` is null), so the shipment id and every package id are there.
 */
export function labelPages(
  order: BookedOrder,
  department: { id: string; name: string },
  customer: { name: string; address: PostalAddress | null } | null = null,
  route: LabelPage['route'] = null,
): LabelPage[] {
  const sender = labelSender(order, customer);
  const packages = order.measurements.flatMap((line) =>
    (line.packageIds ?? []).slice(0, line.quantity).map((packageId) => ({
      packageId,
      weightKg: normaliseUnit('weight', line.weight, line.weightUnit).value,
    })),
  );
  return packages.map(({ packageId, weightKg }, i) => ({
    orderId: order.orderId,
    shipmentId: order.shipmentId ?? '',
    packageId,
    packageNumber: i + 1,
    packageCount: packages.length,
    weightKg,
    date: order.pickupDate,
    departmentId: department.id,
    departmentName: department.name,
    sender,
    receiver: party(order.delivery),
    customerRef: order.customerRef ?? null,
    route,
  }));
}
