/**
 * The lists the order form offers (spec §3, §9), as data. Sizes and weights of the generic parcel
 * presets are this product's choice (docs/decisions/0015-booking.md): common Nordic parcel sizes and
 * EUR-pallet footprints; the planner can change every value after picking a preset.
 */

export interface PackagePreset {
  id: string;
  /** Centimetres. */
  length: number;
  width: number;
  height: number;
  /** Kilograms. */
  weight: number;
  /** EUR-pallet places the package takes (pallets and trolleys only). */
  palletFootPrints?: number;
  /** Metres of a 2.4 m wide loading floor (pallets and trolleys only). */
  loadingMeters?: number;
}

/** Spec §3 generic parcel list, in the spec's order. */
export const packagePresets = [
  { id: 'letter', length: 35, width: 25, height: 2, weight: 0.5 },
  { id: 'bag', length: 40, width: 30, height: 10, weight: 2 },
  { id: 'smallbox', length: 30, width: 20, height: 15, weight: 3 },
  { id: 'mediumbox', length: 40, width: 30, height: 30, weight: 8 },
  { id: 'largebox', length: 60, width: 40, height: 40, weight: 15 },
  { id: 'tube', length: 100, width: 10, height: 10, weight: 2 },
  {
    id: 'quarterpallet',
    length: 60,
    width: 40,
    height: 100,
    weight: 100,
    palletFootPrints: 0.25,
    loadingMeters: 0.1,
  },
  {
    id: 'halfpallet',
    length: 80,
    width: 60,
    height: 100,
    weight: 200,
    palletFootPrints: 0.5,
    loadingMeters: 0.2,
  },
  {
    id: 'fullpallet',
    length: 120,
    width: 80,
    height: 120,
    weight: 400,
    palletFootPrints: 1,
    loadingMeters: 0.4,
  },
  { id: 'suitcase', length: 70, width: 45, height: 25, weight: 20 },
  { id: 'movingbox', length: 60, width: 40, height: 50, weight: 20 },
  {
    id: 'trolley',
    length: 80,
    width: 67,
    height: 160,
    weight: 150,
    palletFootPrints: 0.5,
    loadingMeters: 0.22,
  },
] as const satisfies readonly PackagePreset[];
export type PackagePresetId = (typeof packagePresets)[number]['id'];
export const packagePresetIds = packagePresets.map((p) => p.id) as [
  PackagePresetId,
  ...PackagePresetId[],
];
export const presetById = (id: string): PackagePreset | undefined =>
  packagePresets.find((p) => p.id === id);

/**
 * Spec §9 address country list: 41 countries (the EU and EEA, Switzerland, the United Kingdom and
 * the other European states a Nordic carrier ships to). The four markets come first.
 */
export const addressCountries = [
  'NO',
  'SE',
  'DK',
  'FI',
  'AD',
  'AL',
  'AT',
  'BA',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'EE',
  'ES',
  'FO',
  'FR',
  'GB',
  'GL',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'ME',
  'MK',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'RS',
  'SI',
  'SK',
] as const;
export type AddressCountry = (typeof addressCountries)[number];

/** Spec §9: additional services that are never booked (waiting and loading time, set by couriers). */
export const excludedVasCodes = ['WAT PU', 'WAT DEL', 'LUT PU', 'LUT DEL'] as const;
export const isExcludedVasCode = (code: string): boolean =>
  (excludedVasCodes as readonly string[]).includes(code.trim().toUpperCase());

/** Spec §9: the VAS code of the delivery SMS. */
export const DELIVERY_SMS_VAS_CODE = '1091';

/**
 * The additional services the order form offers (this product's catalogue; customer-specific codes
 * may still be sent by integrations). `quantity`: whether the service is counted (e.g. extra people).
 */
export const bookableVasCodes = [
  { code: DELIVERY_SMS_VAS_CODE, quantity: false },
  { code: 'SIGN', quantity: false },
  { code: 'IDCHECK', quantity: false },
  { code: 'CALL', quantity: false },
  { code: 'TAILLIFT', quantity: false },
  { code: 'CARRYIN', quantity: true },
  { code: 'EXTRAHAND', quantity: true },
] as const;

/** Spec §9 delivery, return and pickup-point types. */
export const orderTypes = ['Delivery', 'Return', 'PickupPoint'] as const;

/** Spec §3 vehicle types (a planning field of the order). */
export const vehicleTypes = ['bicycle', 'cargobike', 'motorcycle', 'car', 'van', 'truck'] as const;

/** Dangerous-goods regulations a line is declared under. */
export const dangerousGoodsRegulations = ['ADR', 'RID', 'IMDG', 'IATA'] as const;
/** ADR packing groups. */
export const packingGroups = ['I', 'II', 'III'] as const;

/**
 * Why a planner rejects an unconfirmed order (REJECT_ORDERS `reason`, spec §7); `OTHER` needs the
 * `otherReason` text.
 */
export const rejectionReasons = [
  'OUTSIDE_SERVICE_AREA',
  'NO_CAPACITY',
  'INCOMPLETE_ORDER',
  'DUPLICATE',
  'CUSTOMER_REQUEST',
  'OTHER',
] as const;
export type RejectionReason = (typeof rejectionReasons)[number];
