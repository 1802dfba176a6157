import {
  defaultPhonePrefix,
  isDepartmentPickup,
  codedGoodsByCode,
  packagePresets,
  type BookedOrder,
  type PackagePreset,
} from '@nordlog/contracts';

/**
 * The order form's values as the inputs hold them (text for numbers, so a decimal comma and an
 * emptied field reach the shared schema as typed), and the way from an order (the way to the wire: formInput.ts).
 */
export interface BlockValues {
  name: string;
  address: string;
  zipCode: string;
  zipArea: string;
  countryCode: string;
  lat: string;
  lng: string;
  phone: string;
  secondPhone: string;
  email: string;
  contactPerson: string;
  instructions: string;
  pupUnitId: string;
  resolvedBy: string;
  /** How precise `lat`/`lng` are (contracts/geocoding `geoPrecisions`), '' when not known. */
  precision: string;
}

export interface LineValues {
  packageIds: string[];
  presetDimension: string;
  quantity: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  volume: string;
  specificationDescription: string;
  loadingMeters: string;
  palletFootPrints: string;
  packageTypeCode: string;
}

export interface VasValues {
  vasCode: string;
  quantity: string;
  pureVas: boolean;
}

export interface AdrValues {
  regulationCode: string;
  hazardIdentifier: string;
  hazardClass: string;
  packingGroup: string;
  technicalName: string;
  hazardPoints: string;
  netWeightKg: string;
  restrictions: string;
}

export interface FormValues {
  departmentId: string;
  customerId: string;
  parentId: string;
  emailId: string;
  eventNotifications: { created: boolean; collected: boolean; delivered: boolean };
  customerRef: string;
  recipientRef: string;
  subcustomer: string;
  customerInfo: string;
  customerContact: string;
  orderNote: string;
  pickup: BlockValues;
  delivery: BlockValues;
  serviceId: string;
  type: string;
  priority: string;
  pickupDate: string;
  pickupTimeEarliest: string;
  pickupTimeLatest: string;
  deliveryDate: string;
  deliveryTimeEarliest: string;
  deliveryTimeLatest: string;
  manualInvoiceInfo: string;
  invoiceInfo: string;
  invoiceSplit: string;
  standaloneInvoice: boolean;
  allowIncompletePrice: boolean;
  hasZeroPriceApproval: boolean;
  needsZeroPriceApproval: boolean;
  muteBomArticles: boolean;
  preplannedUnitId: string;
  preplannedTemplateSlotId: string;
  groupId: string;
  groupName: string;
  loadCarrierId: string;
  groupOrder: string;
  paidTogether: boolean;
  fixedOrder: boolean;
  vehicleType: string;
  measurements: LineValues[];
  additionalServices: VasValues[];
  adrGoods: AdrValues[];
  requiresConfirmation: boolean;
}

/** Spec §2 order form modes (copy-deleted is a copy of a deleted order). */
export const bookingModes = ['create', 'edit', 'copy', 'restore', 'copy-deleted'] as const;
export type BookingMode = (typeof bookingModes)[number];
/** Modes that book a new order (CREATE_ORDER); edit and restore change the one they show. */
export const createsOrder = (mode: BookingMode): boolean =>
  mode === 'create' || mode === 'copy' || mode === 'copy-deleted';

/** A block starts with the country's phone prefix in the phone field (spec §5 empty block). */
export const emptyBlock = (countryCode: string): BlockValues => ({
  name: '',
  address: '',
  zipCode: '',
  zipArea: '',
  countryCode,
  lat: '',
  lng: '',
  phone: defaultPhonePrefix[countryCode] ?? '',
  secondPhone: '',
  email: '',
  contactPerson: '',
  instructions: '',
  pupUnitId: '',
  resolvedBy: '',
  precision: '',
});

/** Spec §3: a new package line has quantity 1. */
export const emptyLine = (): LineValues => ({
  packageIds: [],
  presetDimension: '',
  quantity: '1',
  weight: '',
  length: '0',
  width: '0',
  height: '0',
  volume: '',
  specificationDescription: '',
  loadingMeters: '',
  palletFootPrints: '',
  packageTypeCode: '',
});

/** A package line filled from a preset (the planner can change every value after). */
export function lineFromPreset(preset: PackagePreset, base: LineValues = emptyLine()): LineValues {
  return {
    ...base,
    presetDimension: preset.id,
    // A coded goods code (0093) named the goods the preset now replaces; other codes stay.
    packageTypeCode: codedGoodsByCode(base.packageTypeCode) ? '' : base.packageTypeCode,
    weight: String(preset.weight),
    length: String(preset.length),
    width: String(preset.width),
    height: String(preset.height),
    palletFootPrints: preset.palletFootPrints === undefined ? '' : String(preset.palletFootPrints),
    loadingMeters: preset.loadingMeters === undefined ? '' : String(preset.loadingMeters),
  };
}
export const presetIds = packagePresets.map((p) => p.id);

export const emptyAdr = (): AdrValues => ({
  regulationCode: 'ADR',
  hazardIdentifier: '',
  hazardClass: '',
  packingGroup: '',
  technicalName: '',
  hazardPoints: '0',
  netWeightKg: '',
  restrictions: '',
});

export function emptyForm(departmentId: string, countryCode: string, date: string): FormValues {
  return {
    departmentId,
    customerId: '',
    parentId: '',
    emailId: '',
    eventNotifications: { created: false, collected: false, delivered: false },
    customerRef: '',
    recipientRef: '',
    subcustomer: '',
    customerInfo: '',
    customerContact: '',
    orderNote: '',
    pickup: emptyBlock(countryCode),
    delivery: emptyBlock(countryCode),
    serviceId: '',
    type: 'Delivery',
    priority: 'normal',
    pickupDate: date,
    pickupTimeEarliest: '',
    pickupTimeLatest: '',
    deliveryDate: '',
    deliveryTimeEarliest: '',
    deliveryTimeLatest: '',
    manualInvoiceInfo: '',
    invoiceInfo: '',
    invoiceSplit: '',
    standaloneInvoice: false,
    allowIncompletePrice: false,
    hasZeroPriceApproval: false,
    needsZeroPriceApproval: false,
    muteBomArticles: false,
    preplannedUnitId: '',
    preplannedTemplateSlotId: '',
    groupId: '',
    groupName: '',
    loadCarrierId: '',
    groupOrder: '',
    paidTogether: false,
    fixedOrder: false,
    vehicleType: '',
    measurements: [emptyLine()],
    additionalServices: [],
    adrGoods: [],
    requiresConfirmation: false,
  };
}

const text = (v: string | number | null | undefined): string =>
  v === undefined || v === null ? '' : String(v);

/** A stored pickup or delivery block (an order's, a saved address's) as the inputs hold it. */
export function blockValues(b: BookedOrder['pickup']): BlockValues {
  return {
    name: b.name,
    address: b.address,
    zipCode: b.zipCode,
    zipArea: b.zipArea,
    countryCode: b.countryCode,
    lat: text(b.lat),
    lng: text(b.lng),
    phone: b.phone,
    secondPhone: b.secondPhone,
    email: b.email,
    contactPerson: b.contactPerson,
    instructions: b.instructions,
    pupUnitId: b.pupUnitId,
    resolvedBy: text(b.resolvedBy),
    precision: text(b.precision),
  };
}

/**
 * The form of a stored order. Copies are new orders: no package ids or load carrier, a new date,
 * the original as parent; edit and restore keep the package ids so the SSCCs stay with their
 * parcels.
 */
export function formFromOrder(order: BookedOrder, mode: BookingMode, today: string): FormValues {
  const copy = createsOrder(mode);
  const base = emptyForm(order.departmentId, order.delivery.countryCode, today);
  return {
    ...base,
    departmentId: order.departmentId,
    customerId: order.customerId,
    parentId: copy ? order.orderId : text(order.parentId),
    emailId: text(order.emailId),
    eventNotifications: order.eventNotifications ?? base.eventNotifications,
    customerRef: text(order.customerRef),
    recipientRef: text(order.recipientRef),
    subcustomer: text(order.subcustomer),
    customerInfo: text(order.customerInfo),
    customerContact: text(order.customerContact),
    orderNote: text(order.orderNote),
    // Booked empty (handed in at the department): the form shows it empty again, as booked.
    pickup: isDepartmentPickup(order.pickup)
      ? emptyBlock(order.pickup.countryCode)
      : blockValues(order.pickup),
    delivery: blockValues(order.delivery),
    serviceId: text(order.serviceId),
    type: order.type,
    priority: order.priority,
    pickupDate: copy && order.pickupDate < today ? today : order.pickupDate,
    pickupTimeEarliest: text(order.pickupTimeEarliest),
    pickupTimeLatest: text(order.pickupTimeLatest),
    deliveryDate: copy
      ? ''
      : text(order.deliveryDate === order.pickupDate ? '' : order.deliveryDate),
    deliveryTimeEarliest: text(order.deliveryTimeEarliest),
    deliveryTimeLatest: text(order.deliveryTimeLatest),
    manualInvoiceInfo: text(order.manualInvoiceInfo),
    invoiceInfo: text(order.invoiceInfo),
    invoiceSplit: text(order.invoiceSplit),
    standaloneInvoice: order.standaloneInvoice,
    allowIncompletePrice: order.allowIncompletePrice,
    hasZeroPriceApproval: order.hasZeroPriceApproval,
    needsZeroPriceApproval: order.needsZeroPriceApproval,
    muteBomArticles: order.muteBomArticles,
    preplannedUnitId: text(order.preplannedUnitId),
    preplannedTemplateSlotId: text(order.preplannedTemplateSlotId),
    groupId: text(order.groupId),
    groupName: text(order.groupName),
    // A copy is other goods: not on the original's load carrier.
    loadCarrierId: copy ? '' : text(order.loadCarrierId),
    groupOrder: text(order.groupOrder),
    paidTogether: order.paidTogether,
    fixedOrder: order.fixedOrder,
    vehicleType: text(order.vehicleType),
    measurements: order.measurements.map((l) => ({
      packageIds: copy ? [] : (l.packageIds ?? []),
      presetDimension: text(l.presetDimension),
      quantity: String(l.quantity),
      weight: String(l.weight),
      length: String(l.length),
      width: String(l.width),
      height: String(l.height),
      volume: text(l.volume),
      specificationDescription: text(l.specificationDescription),
      loadingMeters: text(l.loadingMeters),
      palletFootPrints: text(l.palletFootPrints),
      packageTypeCode: text(l.packageTypeCode),
    })),
    additionalServices: order.additionalServices.map((s) => ({
      vasCode: s.vasCode,
      quantity: String(s.quantity),
      pureVas: s.pureVas,
    })),
    adrGoods: order.adrGoods.map((a) => ({
      regulationCode: a.regulationCode,
      hazardIdentifier: a.hazardIdentifier,
      hazardClass: a.hazardClass,
      packingGroup: text(a.packingGroup),
      technicalName: a.technicalName,
      hazardPoints: String(a.hazardPoints),
      netWeightKg: String(a.netWeightKg),
      restrictions: text(a.restrictions),
    })),
    requiresConfirmation: order.requiresConfirmation,
  };
}
