import {
  LABEL_FOOTER_KEY,
  appliedTextKeys,
  appliedTexts,
  labelLanguage,
  normaliseUnit,
  type AddressBlock,
  type BookedOrder,
  type LabelPage,
  type LabelParty,
  type PostalAddress,
  type TextWordings,
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
  /** The LABEL texts (0081): those of the order's keys are printed (docs/decisions/0097). */
  texts: readonly { key: string; texts: TextWordings }[] = [],
): LabelPage[] {
  const sender = labelSender(order, customer);
  const serviceCode = order.serviceCode || order.serviceId || null;
  const keys = appliedTextKeys(
    {
      serviceId: order.serviceId,
      serviceCode: order.serviceCode,
      vasCodes: (order.additionalServices ?? []).map((s) => s.vasCode),
    },
    LABEL_FOOTER_KEY,
  );
  const language = labelLanguage(order.delivery.countryCode);
  const textsOf = (packageId: string) =>
    appliedTexts(texts, keys, language, {
      shipmentId: order.shipmentId ?? '',
      packageId,
      customerName: sender.name,
      departmentName: department.name,
    }).map((t) => t.text);
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
    serviceCode,
    texts: textsOf(packageId),
  }));
}
