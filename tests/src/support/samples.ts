import { addDays, type UpdateCommandName } from '@nordlog/contracts';
import { bookingDate } from './booking.js';
import { freshPhone, type Client } from './system.js';

/** What an update sample needs to exist first: two departments and two customers. */
export interface SampleWorld {
  departments: [string, string];
  customers: [string, string];
  /** Two courier users of the first department (CREATE_COURIER_USER), by `sampleFleet`. */
  couriers: [string, string];
  /** Two units of the first department, each driven by one of the couriers. */
  units: [string, string];
  /** A vehicle record (isUnit false) of the first department. */
  vehicle: string;
  /** The codes of two articles (a freight and a weight article), for price lists. */
  articleCodes: [string, string];
  /** The ids of two value-added service (SERVICE) articles: upsales rules' extras (0087). */
  vasArticles: [string, string];
  /** An empty customer group (an upsales rule's scope, 0087). */
  customerGroup: string;
  /** An order of the first department and customer planned on a slot (deviations), `samplePlanned`. */
  planned: string;
}

/**
 * An entity to create and, for every field its update command names, a new value. The update
 * suite fails when an update command has no sample or a sample misses one of its fields, so a new
 * command or field is covered the day it is added.
 */
export interface UpdateSample {
  create: Record<string, unknown>;
  changes: Record<string, unknown>;
  /** Fields derived from another: they may change with it (orders' dates, heavy goods). */
  follows?: Record<string, string[]>;
  /** The part of the read-model row the fields are in (orders keep them in `order`). */
  view?: (row: Record<string, unknown>) => Record<string, unknown>;
}

const address = (name: string, street: string, zipCode: string) => ({
  name,
  address: street,
  zipCode,
  zipArea: 'Oslo',
  countryCode: 'NO',
  lat: 59.91,
  lng: 10.75,
});

/**
 * A content item (0077): a draft to be shown a week ahead, and changes of every field of it, each
 * valid alone (scheduled at its time, a day later, until the day after).
 */
const DAY = 86_400_000;
const dayAhead = (n: number) => new Date((Math.ceil(Date.now() / DAY) + n) * DAY).toISOString();
const content = (title: string) => ({
  title: { en: title, nb: `${title} (nb)` },
  body: { en: 'First text.' },
  targetRoles: ['PLANNER'],
  state: 'DRAFT',
  publishFrom: dayAhead(7),
  publishTo: null,
});
const contentChanges = () => ({
  title: { en: 'Changed', sv: 'Ändrad' },
  body: { en: 'Second text.' },
  targetRoles: ['PLANNER', 'ADMIN'],
  state: 'SCHEDULED',
  publishFrom: dayAhead(8),
  publishTo: dayAhead(9),
});
const words = () => `w${Math.random().toString(36).slice(2, 8)}`;
/** A 7-digit GS1 company prefix no other sample series uses (none of the fixed ones start 76). */
export const seriesPrefix = (): string =>
  `76${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

/**
 * A production time window's dates (docs/decisions/0078): a week of its own far ahead, a new one
 * on every call, so that samples never overlap each other nor touch a booking's dates.
 */
let windowWeeks = Math.floor(Math.random() * 200);
export const productionWeek = (): { fromDate: string; toDate: string } => {
  const start = new Date(Date.UTC(2031, 0, 6) + windowWeeks++ * 14 * 86_400_000);
  const end = new Date(start.getTime() + 6 * 86_400_000);
  return { fromDate: start.toISOString().slice(0, 10), toDate: end.toISOString().slice(0, 10) };
};

/**
 * A department matrix entry's block of Norwegian postal codes (docs/decisions/0079): a hundred
 * codes of their own on every call, so that samples never overlap each other.
 */
let matrixBlocks = Math.floor(Math.random() * 79);
export const matrixBlock = (): number => 2000 + (matrixBlocks++ % 79) * 100;

/** A unit's fields (spec §3 "Unit/vehicle"), every one of them given. */
export const sampleUnit = (departmentId: string, courierUserIds: string[]) => ({
  name: `Unit ${words()}`,
  courier: 'Bud AS',
  alystraId: 'U-1',
  departmentId,
  registrationNumber: 'EL 12345',
  vehicleBrand: 'Ford',
  vehicleModel: 'Transit',
  isActive: true,
  isUnit: true,
  color: '#1e88e5',
  capacity: 40,
  weightCapacity: 900,
  volumeCapacity: 10.5,
  speedFactor: 1.2,
  serviceTimeFactor: 0.8,
  maxRangeKm: 300,
  startLocation: {
    lat: 59.911525,
    lng: 10.75425,
    address: 'Tollbugata 17, 0152 Oslo',
    precision: 'address',
  },
  endLocation: { lat: 59.95, lng: 10.8, address: 'Sognsveien 77, 0855 Oslo' },
  shouldDriverReturn: true,
  vehicleType: 'van',
  fuelType: 'diesel',
  vehicleControl: 'approved',
  vehicleControlComment: 'Checked',
  commercialTrafficEligibility: true,
  euroClass: 'euro6',
  co2: 180,
  courierUserIds,
  break: { type: 'TimeWindow', earliest: '11:00', latest: '13:00', duration: 'PT30M' },
  assignedDepartmentId: null,
});

/** The fleet of a sample world: two couriers, two units driven by them and a vehicle record. */
export async function sampleFleet(
  client: Pick<Client, 'command'>,
  departments: [string, string],
): Promise<
  Pick<
    SampleWorld,
    'couriers' | 'units' | 'vehicle' | 'articleCodes' | 'vasArticles' | 'customerGroup'
  >
> {
  const id = async (type: string, payload: unknown) => {
    const res = await client.command(type, payload);
    if (res.status !== 200) throw new Error(`${type}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };
  const courier = () =>
    id('CREATE_COURIER_USER', {
      name: `Courier ${words()}`,
      phoneNumber: freshPhone(),
      departmentId: departments[0],
    });
  const couriers: [string, string] = [await courier(), await courier()];
  const units: [string, string] = [
    await id('CREATE_UNIT', sampleUnit(departments[0], [couriers[0]])),
    await id('CREATE_UNIT', sampleUnit(departments[0], [couriers[1]])),
  ];
  const vehicle = await id('CREATE_UNIT', {
    ...sampleUnit(departments[0], []),
    name: `Vehicle ${words()}`,
    isUnit: false,
  });
  const article = async (kind: string) => {
    const code = `${kind}-${words().toUpperCase()}`;
    await id('CREATE_ARTICLE', { code, label: `${kind} ${code}`, kind, group: 'TRANSPORT' });
    return code;
  };
  const articleCodes: [string, string] = [await article('FREIGHT'), await article('WEIGHT')];
  const vas = (label: string) => {
    const code = `VAS-${words().toUpperCase()}`;
    return id('CREATE_ARTICLE', { code, label, kind: 'SERVICE', vasCode: code, group: 'SERVICES' });
  };
  const vasArticles: [string, string] = [await vas('Evening delivery'), await vas('Signature')];
  const customerGroup = await id('CREATE_CUSTOMER_GROUP', { name: `Group ${words()}` });
  return { couriers, units, vehicle, articleCodes, vasArticles, customerGroup };
}

/** An order of the first department and customer on a new slot: one a deviation may be reported on. */
export async function samplePlanned(
  client: Pick<Client, 'command'>,
  departmentId: string,
  customerId: string,
): Promise<string> {
  const id = async (type: string, payload: unknown) => {
    const res = await client.command(type, payload);
    if (res.status !== 200) throw new Error(`${type}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };
  const date = bookingDate(2);
  const slotId = await id('CREATE_SLOT', {
    departmentId,
    name: `Route ${words()}`,
    timeFrom: `${date}T07:00:00+01:00`,
  });
  const orderId = await id('CREATE_ORDER', {
    departmentId,
    customerId,
    pickupDate: date,
    pickup: address('Apotek', 'Storgata 1', '0155'),
    delivery: address('Kari Nordmann', 'Bogstadveien 10', '0355'),
    measurements: [{ weight: 1 }],
  });
  await id('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderId], slotId });
  return orderId;
}

export const updateSamples: Record<UpdateCommandName, (world: SampleWorld) => UpdateSample> = {
  UPDATE_DEPARTMENT: () => ({
    create: {
      name: `Dep ${words()}`,
      departmentType: 'courier',
      country: 'NO',
      alystraId: 'A-1',
      emailAddresses: ['ops@example.no'],
      location: { lat: 59.9, lng: 10.7 },
      npsId: 'nps-1',
      address: { street: 'Tollbugata 17', postalCode: '0152', town: 'Oslo', country: 'NO' },
      orgNumber: '',
      vatRegistered: false,
      bankAccount: '',
      fikCreditorNumber: '',
      personalDataRetentionDays: 200,
      planningHorizonDays: 5,
    },
    changes: {
      name: `Dep ${words()}`,
      departmentType: 'parcel',
      // The seller fields are checked against the country, so the country comes first (0038).
      country: 'DK',
      alystraId: 'A-2',
      emailAddresses: ['ops@example.se', 'night@example.se'],
      location: { lat: 57.7, lng: 11.97 },
      npsId: 'nps-2',
      address: { street: 'Vesterbrogade 6', postalCode: '1620', town: 'København', country: 'DK' },
      orgNumber: '10150817',
      vatRegistered: true,
      bankAccount: 'DK50 0040 0440 1162 43',
      fikCreditorNumber: '81234567',
      personalDataRetentionDays: 400,
      planningHorizonDays: 14,
    },
  }),
  UPDATE_CUSTOMER: ({ departments }) => ({
    create: {
      name: `Customer ${words()}`,
      departmentId: departments[0],
      alystraId: 'C-1',
      alystraSubcustomer: 'S-1',
      orgNumber: '123456785',
      customerCode: 'CODE1',
      accountingTags: ['a'],
      otherIdentifiers: { edi: '1' },
      invoiceSplit: 'NONE',
      address: null,
      personalDataRetentionDays: null,
      returnAddress: null,
      returnLastLeg: true,
    },
    changes: {
      name: `Customer ${words()}`,
      departmentId: departments[1],
      alystraId: 'C-2',
      alystraSubcustomer: 'S-2',
      orgNumber: '987654325',
      customerCode: 'CODE2',
      accountingTags: ['b', 'c'],
      otherIdentifiers: { edi: '2', gln: '7080000000000' },
      invoiceSplit: 'SPLIT_KEY',
      // Norwegian, as the organisation numbers are (each is checked against the address's country).
      address: { street: 'Karl Johans gate 5', postalCode: '0154', town: 'Oslo', country: 'NO' },
      personalDataRetentionDays: 60,
      returnAddress: {
        street: 'Alfaset 3. Industrivei 22',
        postalCode: '0668',
        town: 'Oslo',
        country: 'NO',
      },
      returnLastLeg: false,
      // The customer's settings (docs/decisions/0071).
      senderName: 'Fjordkraft',
      hdInvoicingFromDate: '2026-03-01',
      billingNumber: 'FK-2201',
      terminalAddress: {
        street: 'Alnabruveien 10',
        postalCode: '0668',
        town: 'Oslo',
        country: 'NO',
      },
      // Scan-to-create packages (0071 addendum) and the NPS from date (0083).
      scanToCreatePackages: true,
      npsFromDate: '2026-04-01',
    },
  }),
  // One field of the customer (docs/decisions/0032): every other field stays.
  UPDATE_CUSTOMER_INVOICE_SPLIT: (world) => ({
    create: updateSamples.UPDATE_CUSTOMER(world).create,
    changes: { invoiceSplit: 'DELIVERY_DATE' },
  }),
  UPDATE_ORDER: ({ departments, customers }) => ({
    create: {
      departmentId: departments[0],
      customerId: customers[0],
      emailId: 'mail-1',
      eventNotifications: { created: true, collected: false, delivered: false },
      customerRef: 'REF1',
      recipientRef: 'RREF1',
      subcustomer: 'sub1',
      customerInfo: 'info 1',
      customerContact: 'Kari',
      orderNote: 'note 1',
      pickup: address('Apotek', 'Storgata 1', '0155'),
      delivery: address('Kari Nordmann', 'Bogstadveien 10', '0355'),
      serviceId: 'svc1',
      type: 'Delivery',
      priority: 'normal',
      pickupDate: bookingDate(2),
      pickupTimeEarliest: '08:00',
      pickupTimeLatest: '10:00',
      deliveryTimeEarliest: '12:00',
      deliveryTimeLatest: '16:00',
      manualInvoiceInfo: 'manual 1',
      invoiceInfo: 'invoice 1',
      correctedArticlePrices: [],
      invoiceSplit: 'split1',
      standaloneInvoice: false,
      allowIncompletePrice: false,
      hasZeroPriceApproval: false,
      needsZeroPriceApproval: false,
      muteBomArticles: false,
      calculatedArticlePrices: [],
      preplannedUnitId: 'unit1',
      preplannedTemplateSlotId: 'tslot1',
      selectedDepartmentId: departments[0],
      groupId: 'g1',
      groupName: 'Group 1',
      loadCarrierId: 'PAL-1',
      groupOrder: 1,
      paidTogether: false,
      fixedOrder: false,
      pickupDurationSeconds: 120,
      deliveryDurationSeconds: 300,
      vehicleType: 'van',
      measurements: [{ weight: 2, length: 30, width: 20, height: 15, quantity: 1 }],
      additionalServices: [],
      adrGoods: [],
      requiresConfirmation: false,
    },
    changes: {
      customerId: customers[1],
      emailId: 'mail-2',
      eventNotifications: { created: false, collected: true, delivered: true },
      customerRef: 'REF2',
      recipientRef: 'RREF2',
      subcustomer: 'sub2',
      customerInfo: 'info 2',
      customerContact: 'Ola',
      orderNote: 'note 2',
      pickup: address('Bokhandel', 'Karl Johans gate 5', '0154'),
      delivery: address('Ola Nordmann', 'Thereses gate 3', '0358'),
      serviceId: 'svc2',
      type: 'Return',
      priority: 'high',
      pickupDate: bookingDate(3),
      pickupTimeEarliest: '07:00',
      pickupTimeLatest: '11:00',
      deliveryDate: bookingDate(4),
      deliveryTimeEarliest: '13:00',
      deliveryTimeLatest: '17:00',
      manualInvoiceInfo: 'manual 2',
      invoiceInfo: 'invoice 2',
      correctedArticlePrices: [{ articleCode: 'FRT', articleLabel: 'Freight', customerPrice: 100 }],
      invoiceSplit: 'split2',
      standaloneInvoice: true,
      allowIncompletePrice: true,
      hasZeroPriceApproval: true,
      needsZeroPriceApproval: true,
      muteBomArticles: true,
      calculatedArticlePrices: [{ articleCode: 'FRT', articleLabel: 'Freight', customerPrice: 90 }],
      preplannedUnitId: 'unit2',
      preplannedTemplateSlotId: 'tslot2',
      selectedDepartmentId: departments[1],
      groupId: 'g2',
      groupName: 'Group 2',
      loadCarrierId: 'PAL-2',
      groupOrder: 2,
      paidTogether: true,
      fixedOrder: true,
      pickupDurationSeconds: 90,
      deliveryDurationSeconds: null,
      vehicleType: 'truck',
      measurements: [{ weight: 40, length: 120, width: 80, height: 100, quantity: 2 }],
      additionalServices: [{ vasCode: 'SIGN', quantity: 1 }],
      adrGoods: [
        {
          hazardIdentifier: 'UN1203',
          hazardClass: '3',
          technicalName: 'Petrol',
          netWeightKg: 5,
        },
      ],
      requiresConfirmation: true,
    },
    follows: {
      pickupDate: ['deliveryDate', 'deliveryEndDate'],
      deliveryDate: ['deliveryEndDate'],
      deliveryTimeEarliest: ['deliveryEndDate'],
      deliveryTimeLatest: ['deliveryEndDate'],
      measurements: ['heavyGoods'],
    },
    view: (row) => row.order as Record<string, unknown>,
  }),
  UPDATE_USER: ({ departments, customers }) => ({
    create: {
      name: `User ${words()}`,
      phoneNumber: freshPhone(),
      email: `${words()}@example.no`,
      role: 'PLANNER',
      access: ['PLANNER_SHIPMENTS'],
      departmentIds: [departments[0]],
      customerId: customers[0],
      courierId: '1',
      requiresEmail: false,
      requiresPwd: false,
    },
    changes: {
      name: `User ${words()}`,
      phoneNumber: freshPhone(),
      email: `${words()}@example.no`,
      role: 'READ_ONLY_PLANNER',
      access: ['PLANNER_SHIPMENTS', 'PLANNER_LIVE'],
      departmentIds: [departments[0], departments[1]],
      customerId: customers[1],
      courierId: '2',
      requiresEmail: true,
      requiresPwd: true,
    },
  }),
  UPDATE_PLANNER: () => ({
    create: { name: `Planner ${words()}`, phoneNumber: freshPhone(), email: `${words()}@ex.no` },
    changes: { name: `Planner ${words()}`, phoneNumber: freshPhone(), email: `${words()}@ex.no` },
  }),
  UPDATE_SLOT: ({ departments }) => ({
    create: {
      departmentId: departments[0],
      name: `Slot ${words()}`,
      timeFrom: `${bookingDate(2)}T07:00:00.000Z`,
      timeTo: `${bookingDate(2)}T15:00:00.000Z`,
      slotMode: 'ROUTE',
      shouldDriverNotReturn: true,
    },
    changes: {
      name: `Slot ${words()}`,
      timeFrom: `${bookingDate(2)}T08:00:00.000Z`,
      timeTo: `${bookingDate(2)}T16:00:00.000Z`,
      slotMode: 'AREA',
      shouldDriverNotReturn: false,
    },
    // The slot's business date is its start's, in the department's country.
    follows: { timeFrom: ['date'] },
  }),
  UPDATE_UNIT: ({ departments, couriers }) => ({
    create: sampleUnit(departments[0], [couriers[0]]),
    changes: {
      name: `Unit ${words()}`,
      courier: 'Sykkelbud AS',
      alystraId: 'U-2',
      departmentId: departments[1],
      registrationNumber: 'EV 67890',
      vehicleBrand: 'Volkswagen',
      vehicleModel: 'Crafter',
      isActive: false,
      isUnit: false,
      color: '#43a047',
      capacity: 60,
      weightCapacity: 1200,
      volumeCapacity: 14.25,
      speedFactor: 0.9,
      serviceTimeFactor: 1.5,
      maxRangeKm: 450,
      startLocation: {
        lat: 60.39,
        lng: 5.32,
        address: 'Strandkaien 2, 5013 Bergen',
        precision: 'street',
      },
      endLocation: { lat: 60.4, lng: 5.33, address: 'Sandviksbodene 1, 5035 Bergen' },
      shouldDriverReturn: false,
      vehicleType: 'truck',
      fuelType: 'electric',
      vehicleControl: 'notApproved',
      vehicleControlComment: 'Brake light',
      commercialTrafficEligibility: false,
      euroClass: 'euroEL',
      co2: 0,
      courierUserIds: [couriers[0], couriers[1]],
      break: { type: 'WorkingTime', maxWorkingTime: 'PT5H', duration: 'PT45M' },
      assignedDepartmentId: departments[1],
    },
  }),
  UPDATE_COURIER_USER: ({ departments, units }) => ({
    create: {
      name: `Courier ${words()}`,
      phoneNumber: freshPhone(),
      email: `${words()}@example.no`,
      canLogIn: true,
      secureLoginEnabled: false,
      driverId: 'D-1',
      unitIds: [units[0]],
      alcoholDeliveryEducation: false,
      departmentId: departments[0],
      dateOfBirth: '1990-04-01',
      occupationalInjuryInsurance: false,
      courierScanEnabled: false,
    },
    changes: {
      name: `Courier ${words()}`,
      phoneNumber: freshPhone(),
      email: `${words()}@example.no`,
      canLogIn: false,
      secureLoginEnabled: true,
      driverId: 'D-2',
      unitIds: [units[0], units[1]],
      alcoholDeliveryEducation: true,
      departmentId: departments[1],
      dateOfBirth: '1985-12-24',
      occupationalInjuryInsurance: true,
      courierScanEnabled: true,
    },
  }),
  UPDATE_ROLE: () => ({
    create: { name: `Role ${words()}`, description: 'one', access: ['PLANNER_LIVE'] },
    changes: {
      name: `Role ${words()}`,
      description: 'two',
      access: ['PLANNER_LIVE', 'PLANNER_UNITS'],
    },
  }),
  UPDATE_DEPARTMENT_GROUP: ({ departments }) => ({
    create: { name: `Group ${words()}`, description: 'one', departmentIds: [departments[0]] },
    changes: { name: `Group ${words()}`, description: 'two', departmentIds: [...departments] },
  }),
  // A number series (docs/decisions/0099): its name and range end, under a prefix of its own.
  UPDATE_NUMBER_SERIES: () => ({
    create: {
      name: `Series ${words()}`,
      type: 'GSIN',
      companyPrefix: seriesPrefix(),
      firstSerial: 1,
      lastSerial: 100,
    },
    changes: { name: `Parcels ${words()}`, lastSerial: 200 },
    follows: { lastSerial: ['remaining'] },
    // Which stream's revision a row has applied is bookkeeping (the catalogue's moves on an update).
    view: ({ catalogueRevision: _c, allocationRevision: _a, ...row }) => row,
  }),
  // Webhooks (docs/decisions/0070): every field changed.
  UPDATE_WEBHOOK: ({ customers }) => ({
    create: {
      customerId: customers[0],
      url: 'http://127.0.0.1:9/one',
      events: ['OrderCreated'],
      description: 'one',
      // Not a create field (a new hook is on): named so that the suite can flip it back.
      enabled: true,
    },
    changes: {
      url: 'http://127.0.0.1:9/two',
      events: ['ConsignmentDelivered', 'OrderDeleted'],
      description: 'two',
      enabled: false,
    },
  }),
  // An upsales rule (docs/decisions/0087): every field changed, each change valid alone (the
  // ranges widen).
  UPDATE_UPSALES_RULE: ({ customers, articleCodes, vasArticles, customerGroup }) => ({
    create: {
      name: `Offer ${words()}`,
      articleId: vasArticles[0],
      customerIds: [customers[0]],
      customerGroupIds: [],
      serviceCodes: [articleCodes[0]],
      weightFromKg: 0,
      weightToKg: 20,
      postalCodeFrom: '0100',
      postalCodeTo: '0199',
      textKey: null,
      priority: 10,
    },
    changes: {
      name: `Extra ${words()}`,
      articleId: vasArticles[1],
      customerIds: [customers[0], customers[1]],
      customerGroupIds: [customerGroup],
      serviceCodes: [],
      weightFromKg: 5,
      weightToKg: 35,
      postalCodeFrom: '0050',
      postalCodeTo: '0299',
      textKey: 'booking.evening',
      priority: 5,
    },
  }),
  // A vendor (docs/decisions/0091): every field changed, each change valid alone (the number is a
  // valid Danish CVR and Finnish business id both, so the country changes alone).
  UPDATE_VENDOR: ({ departments }) => ({
    create: {
      departmentId: departments[0],
      name: `Haulier ${words()}`,
      country: 'DK',
      orgNumber: '10000602',
      email: 'dispatch@haulier.example',
      phone: '+4512345678',
      sites: [{ code: 'OSL1', name: 'Alnabru', location: null }],
    },
    changes: {
      name: `Transport ${words()}`,
      country: 'FI',
      orgNumber: '10000629',
      email: 'ops@haulier.example',
      phone: '+4587654321',
      sites: [
        { code: 'OSL1', name: 'Alnabru terminal', location: null },
        { code: 'BGO', name: 'Bergen', location: { lat: 60.39, lng: 5.32, address: 'Kokstad' } },
      ],
    },
  }),
  // A department matrix entry (docs/decisions/0079): every field changed, each change valid alone
  // (the range narrows inside its own block).
  UPDATE_MATRIX_ENTRY: ({ departments, articleCodes }) => {
    const block = matrixBlock();
    return {
      create: {
        departmentId: departments[0],
        name: `Area ${words()}`,
        postalCodeFrom: String(block),
        postalCodeTo: String(block + 99),
        serviceCodes: [articleCodes[0]],
        leadTimeDays: 1,
        deliveryWeekdays: ['MON', 'WED', 'FRI'],
      },
      changes: {
        name: `Zone ${words()}`,
        postalCodeFrom: String(block + 10),
        postalCodeTo: String(block + 50),
        serviceCodes: [articleCodes[0], 'EVENING'],
        leadTimeDays: 2,
        deliveryWeekdays: ['TUE', 'THU'],
      },
    };
  },
  // A production time window (docs/decisions/0078): every field changed, each change valid
  // alone (the dates move inside the window's own week).
  EDIT_PRODUCTION_TIME_WINDOW: ({ departments }) => {
    const week = productionWeek();
    return {
      create: {
        departmentId: departments[0],
        name: `Peak ${words()}`,
        ...week,
        pickupHours: [{ weekday: 'SAT', start: '09:00', end: '14:00' }],
        deliveryHours: [{ weekday: 'SAT', start: '10:00', end: '16:00' }],
        bookingCutoff: '12:00',
      },
      changes: {
        name: `Summer ${words()}`,
        fromDate: addDays(week.fromDate, 1),
        toDate: addDays(week.toDate, -1),
        pickupHours: [
          { weekday: 'MON', start: '08:00', end: '11:30' },
          { weekday: 'MON', start: '12:30', end: '15:00' },
        ],
        deliveryHours: [{ weekday: 'TUE', start: '09:00', end: '15:00' }],
        bookingCutoff: '10:00',
      },
    };
  },
  // Content (docs/decisions/0077): every field changed; the dates in the future.
  UPDATE_BANNER: () => ({
    create: { ...content('Snow in Oslo'), level: 'INFO', link: 'https://status.example.com/one' },
    changes: {
      ...contentChanges(),
      level: 'CRITICAL',
      link: 'https://status.example.com/two',
    },
  }),
  UPDATE_NEWS: () => ({ create: content('New depot'), changes: contentChanges() }),
  UPDATE_WHATS_THIS_MODAL: () => ({
    create: { ...content('Holidays'), screen: '/admin/holidays' },
    changes: { ...contentChanges(), screen: '/admin/jobs' },
  }),
  // The address book (docs/decisions/0061): every field changed, the block as a whole.
  UPDATE_ADDRESS: ({ departments, customers }) => ({
    create: {
      departmentId: departments[0],
      customerId: customers[0],
      usage: 'DELIVERY',
      code: `D-${words()}`,
      // A pickup point of the department (0063): the recipient's answers choose it.
      pickupPoint: true,
      block: {
        name: 'Apotek 1 Storgata',
        address: 'Storgata 1',
        zipCode: '0155',
        zipArea: 'Oslo',
        countryCode: 'NO',
        lat: 59.9127,
        lng: 10.7461,
        phone: '+4791234567',
        contactPerson: 'Kari',
      },
    },
    changes: {
      departmentId: departments[1],
      customerId: customers[1],
      usage: 'PICKUP',
      code: `P-${words()}`,
      pickupPoint: false,
      block: {
        name: 'Bok Bryggen',
        address: 'Bryggen 5',
        zipCode: '5003',
        zipArea: 'Bergen',
        countryCode: 'NO',
        lat: 60.3975,
        lng: 5.3245,
        email: 'bryggen@bok.no',
        instructions: 'Ring the bell',
      },
    },
  }),
  UPDATE_CUSTOMER_GROUP: ({ customers }) => ({
    create: { name: `Group ${words()}`, description: 'one', customerIds: [customers[0]] },
    changes: { name: `Group ${words()}`, description: 'two', customerIds: [...customers] },
  }),
  // A text (docs/decisions/0081): a label's text with a placeholder its group knows.
  UPDATE_TEXT: () => ({
    create: {
      group: 'LABEL',
      key: `label.${words()}`,
      texts: { en: 'Fragile: {shipmentId}', nb: 'Skjør: {shipmentId}' },
    },
    changes: {
      key: `label.${words()}`,
      texts: { en: 'Handle with care', nb: 'Behandles varsomt', sv: 'Hanteras varsamt' },
    },
  }),
  // A service's mapping: made with its transport article (CREATE_ARTICLE keeps no flags: the
  // defaults are named here for the suites that flip each field back to its created value).
  UPDATE_SERVICE_MAPPING: () => ({
    create: {
      code: `EXP-${words().toUpperCase()}`,
      label: 'Express',
      kind: 'FREIGHT',
      vasCode: null,
      group: 'TRANSPORT',
      active: true,
      important: false,
      allowFlexDelivery: true,
      serviceCode: null,
    },
    changes: { important: true, allowFlexDelivery: false, serviceCode: 'EXP{W}{E}' },
  }),
  UPDATE_ARTICLE: () => ({
    create: {
      code: `SVC-${words().toUpperCase()}`,
      label: 'Signature on delivery',
      kind: 'SERVICE',
      vasCode: 'SIGN',
      group: 'SERVICES',
      active: true,
    },
    changes: { label: 'Signature', vasCode: 'SIGN2', group: 'EXTRA', active: false },
  }),
  UPDATE_DEVIATION: ({ planned }) => ({
    create: {
      orderId: planned,
      reason: 'DAMAGED',
      text: 'The box was crushed',
      position: { lat: 59.91, lng: 10.75 },
      photoRef: 'photos/1.jpg',
    },
    changes: { reason: 'REFUSED', text: 'Left at the door', photoRef: 'photos/2.jpg' },
    // Who changed it last and when: the row's bookkeeping of every update.
    view: ({ updatedAt: _a, updatedBy: _b, ...row }) => row,
  }),
  UPDATE_PRICE_LIST: ({ departments, articleCodes: [freight, weight] }) => ({
    create: {
      name: `Prices ${words()}`,
      departmentId: departments[0],
      currency: 'NOK',
      validFrom: '2026-01-01',
      validTo: null,
      zones: [{ code: 'OSLO', country: 'NO', fromZip: '0001', toZip: '1299' }],
      lines: [{ articleCode: freight, customerPrice: 25_000, resourcePrice: 18_000 }],
    },
    changes: {
      name: `Prices ${words()}`,
      currency: 'SEK',
      validFrom: '2026-02-01',
      validTo: '2026-12-31',
      zones: [
        { code: 'OSLO', country: 'NO', fromZip: '0001', toZip: '1299' },
        { code: 'REST', country: 'NO', fromZip: '1300', toZip: '9999' },
      ],
      lines: [
        { articleCode: freight, zone: 'OSLO', customerPrice: 39_000, resourcePrice: 28_000 },
        { articleCode: weight, from: 100, per: 'UNIT', customerPrice: 150 },
      ],
    },
  }),
};
