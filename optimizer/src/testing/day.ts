// A department's day for the product optimiser's tests: two units with a slot each around Oslo,
// eight consignments picked up at one place, two of them on the first slot.
import {
  requestedRun,
  type ConsignmentRow,
  type OptimizingDay,
  type OptimizingRun,
  type RouteStop,
  type SlotRow,
  type UnitRow,
} from '@nordlog/contracts';

export const DATE = '2026-11-27';
export const DEPOT = { lat: 59.929, lng: 10.837 };
/** The units' depot: an address with its point (docs/decisions/0041-depot.md). */
export const UNIT_DEPOT = {
  ...DEPOT,
  address: 'Økernveien 145, 0580 Oslo',
  precision: 'address' as const,
};

export function consignment(
  id: string,
  i: number,
  over: Partial<ConsignmentRow> = {},
): ConsignmentRow {
  return {
    id,
    orderId: id,
    shipmentId: `S${id}`,
    trackingId: null,
    packageIds: [],
    departmentId: '1',
    customerId: '1',
    customerName: null,
    date: DATE,
    groupId: null,
    loadCarrierId: null,
    groupOrder: null,
    state: 'RESOLVED',
    type: 'parcel',
    priority: 'normal',
    slotId: null,
    deliveryTimeEarliest: '08:00',
    deliveryTimeLatest: '18:00',
    pickupTimeEarliest: null,
    pickupTimeLatest: null,
    weightValue: 5,
    weightUnit: 'KGM',
    volumeValue: 10,
    volumeUnit: 'DMQ',
    widthValue: 0,
    widthUnit: 'CMT',
    heightValue: 0,
    heightUnit: 'CMT',
    lengthValue: 0,
    lengthUnit: 'CMT',
    packageCount: 2,
    customerRef: null,
    recipientRef: null,
    pickupName: 'Apotek',
    pickupAddress: 'Storgata 1',
    pickupZipCode: '0155',
    pickupZipArea: 'Oslo',
    pickupCountryCode: 'NO',
    pickupLat: 59.91,
    pickupLng: 10.75,
    pickupPrecision: 'address',
    deliveryName: `Kari ${i}`,
    deliveryAddress: `Gate ${i}`,
    deliveryZipCode: '0150',
    deliveryZipArea: 'Oslo',
    deliveryCountryCode: 'NO',
    deliveryLat: 59.9 + ((i * 37) % 11) / 150,
    deliveryLng: 10.65 + ((i * 53) % 13) / 60,
    deliveryPrecision: 'postalCode',
    deviationReason: null,
    rejectionReason: null,
    createdAt: '2026-11-25T08:00:00.000Z',
    updatedAtEpoch: 0,
    revision: 0,
    isAssignable: true,
    isSelectable: true,
    isDeletable: true,
    isEditable: true,
    ...over,
  };
}

export const unit = (id: string, over: Partial<UnitRow> = {}): UnitRow => ({
  id,
  name: `Van ${id}`,
  courier: '',
  alystraId: id,
  departmentId: '1',
  registrationNumber: '',
  vehicleBrand: '',
  vehicleModel: '',
  isActive: true,
  isUnit: true,
  color: '#ffffff',
  capacity: 40,
  weightCapacity: 1000,
  volumeCapacity: 10,
  speedFactor: 1,
  serviceTimeFactor: 1,
  maxRangeKm: null,
  startLocation: UNIT_DEPOT,
  endLocation: UNIT_DEPOT,
  shouldDriverReturn: true,
  vehicleType: 'van',
  fuelType: 'electric',
  vehicleControl: null,
  vehicleControlComment: '',
  commercialTrafficEligibility: false,
  euroClass: null,
  co2: null,
  courierUserIds: ['9'],
  break: { type: 'NoBreakTime' },
  assignedDepartmentId: null,
  revision: 0,
  updatedAtEpoch: 0,
  ...over,
});

export const slot = (
  id: string,
  unitId: string,
  stops: RouteStop[],
  over: Partial<SlotRow> = {},
): SlotRow => ({
  id,
  departmentId: '1',
  date: DATE,
  name: `Slot ${id}`,
  timeFrom: `${DATE}T07:00:00.000Z`,
  timeTo: `${DATE}T16:00:00.000Z`,
  state: 'NOT_STARTED',
  slotMode: 'ROUTE',
  shouldDriverNotReturn: true,
  courierId: null,
  unitId,
  vehicleId: null,
  manualPlanning: false,
  areas: [],
  stops,
  templateId: null,
  revision: 0,
  updatedAtEpoch: 0,
  deleted: false,
  ...over,
});

export const p = (id: string): RouteStop => ({ kind: 'pickup', consignmentId: id });
export const d = (id: string): RouteStop => ({ kind: 'delivery', consignmentId: id });

export function runOf(over: Partial<OptimizingRun> = {}): OptimizingRun {
  return {
    ...requestedRun({
      id: '1',
      departmentId: '1',
      date: DATE,
      kind: 'day',
      slotIds: [],
      consignmentIds: null,
      allowSortingErrors: false,
      includeUnassigned: true,
      seconds: 5,
      requestedBy: '3',
      requestedAt: `${DATE}T06:00:00.000Z`,
    }),
    ...over,
  };
}

export function day(over: Partial<OptimizingDay> = {}): OptimizingDay {
  const rows = Array.from({ length: 8 }, (_, i) => consignment(String(i + 1), i));
  rows[0] = { ...rows[0]!, slotId: '10', state: 'ASSIGNED', isAssignable: false };
  rows[1] = { ...rows[1]!, slotId: '10', state: 'ASSIGNED', isAssignable: false };
  return {
    run: runOf(),
    timeZone: 'Europe/Oslo',
    country: 'NO',
    departmentLocation: DEPOT,
    slots: [slot('10', '100', [p('2'), d('2'), p('1'), d('1')]), slot('11', '101', [])],
    units: [unit('100'), unit('101')],
    consignments: rows,
    departmentPickups: [],
    ...over,
  };
}
