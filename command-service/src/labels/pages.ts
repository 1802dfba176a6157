import {
  normaliseUnit,
  type AddressBlock,
  type BookedOrder,
  type LabelPage,
  type LabelParty,
} from '@nordlog/contracts';

const party = (block: AddressBlock): LabelParty => ({
  name: block.name,
  address: block.address,
  zipCode: block.zipCode,
  zipArea: block.zipArea,
  countryCode: block.countryCode,
});

/**
 * The pages of one order's labels: one per package, in the order of its lines, each with the
 * shipment's GSIN and the package's own SSCC. Pure; the order must be printable
 * (`labelRefusal` is null), so the shipment id and every package id are there.
 */
export function labelPages(
  order: BookedOrder,
  department: { id: string; name: string },
): LabelPage[] {
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
    sender: party(order.pickup),
    receiver: party(order.delivery),
    customerRef: order.customerRef ?? null,
  }));
}
