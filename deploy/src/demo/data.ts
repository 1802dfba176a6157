import type {
  AddressCountry,
  CreateCustomer,
  CreateDepartment,
  OrderFormInput,
} from '@nordlog/contracts';

/** Demo departments: one per market, at the city centres of spec §9 (Copenhagen added). */
export const demoDepartments: (CreateDepartment & { key: string; tz: string })[] = [
  {
    key: 'oslo',
    tz: 'Europe/Oslo',
    name: 'Oslo Courier',
    departmentType: 'courier',
    country: 'NO',
    alystraId: 'NO-OSL-01',
    emailAddresses: ['oslo@demo.example'],
    location: { lat: 59.911525, lng: 10.75425 },
    npsId: null,
  },
  {
    key: 'stockholm',
    tz: 'Europe/Stockholm',
    name: 'Stockholm Express',
    departmentType: 'express',
    country: 'SE',
    alystraId: 'SE-STO-01',
    emailAddresses: ['stockholm@demo.example'],
    location: { lat: 59.336043, lng: 18.072772 },
    npsId: null,
  },
  {
    key: 'copenhagen',
    tz: 'Europe/Copenhagen',
    name: 'København Pakker',
    departmentType: 'parcel',
    country: 'DK',
    alystraId: 'DK-CPH-01',
    emailAddresses: ['kobenhavn@demo.example'],
    location: { lat: 55.676098, lng: 12.568337 },
    npsId: null,
  },
  {
    key: 'helsinki',
    tz: 'Europe/Helsinki',
    name: 'Helsinki Kuriiri',
    departmentType: 'courier',
    country: 'FI',
    alystraId: 'FI-HEL-01',
    emailAddresses: ['helsinki@demo.example'],
    location: { lat: 60.167335, lng: 24.950519 },
    npsId: null,
  },
];

export const demoCustomers: (Omit<CreateCustomer, 'departmentId'> & { department: string })[] = [
  {
    department: 'oslo',
    name: 'Fjordkraft Elektro AS',
    alystraId: '10001',
    alystraSubcustomer: '',
    orgNumber: '912345678',
    customerCode: 'FJORD',
    accountingTags: ['retail'],
    otherIdentifiers: {},
    invoiceSplit: 'NONE',
  },
  {
    department: 'oslo',
    name: 'Nordlys Apotek',
    alystraId: '10002',
    alystraSubcustomer: '01',
    orgNumber: '987654321',
    customerCode: 'NLAP',
    accountingTags: ['pharmacy'],
    otherIdentifiers: {},
    invoiceSplit: 'DELIVERY_DATE',
  },
  {
    department: 'stockholm',
    name: 'Söderhamn Möbler AB',
    alystraId: '20001',
    alystraSubcustomer: '',
    orgNumber: '556677-8899',
    customerCode: 'SODM',
    accountingTags: ['furniture'],
    otherIdentifiers: {},
    invoiceSplit: 'SPLIT_KEY',
  },
  {
    department: 'stockholm',
    name: 'Vasa Blommor',
    alystraId: '20002',
    alystraSubcustomer: '',
    orgNumber: '556123-4567',
    customerCode: 'VASA',
    accountingTags: [],
    otherIdentifiers: {},
    invoiceSplit: 'NONE',
  },
  {
    department: 'copenhagen',
    name: 'Nyhavn Boghandel ApS',
    alystraId: '30001',
    alystraSubcustomer: '',
    orgNumber: 'DK12345678',
    customerCode: 'NYHB',
    accountingTags: ['books'],
    otherIdentifiers: {},
    invoiceSplit: 'NONE',
  },
  {
    department: 'copenhagen',
    name: 'Amager Cykler',
    alystraId: '30002',
    alystraSubcustomer: '',
    orgNumber: 'DK87654321',
    customerCode: 'AMCY',
    accountingTags: [],
    otherIdentifiers: {},
    invoiceSplit: 'NONE',
  },
  {
    department: 'helsinki',
    name: 'Kallio Kahvila Oy',
    alystraId: '40001',
    alystraSubcustomer: '',
    orgNumber: '1234567-8',
    customerCode: 'KALK',
    accountingTags: ['food'],
    otherIdentifiers: {},
    invoiceSplit: 'NONE',
  },
  {
    department: 'helsinki',
    name: 'Suomenlinna Tarvike',
    alystraId: '40002',
    alystraSubcustomer: '',
    orgNumber: '7654321-0',
    customerCode: 'SUOT',
    accountingTags: [],
    otherIdentifiers: {},
    invoiceSplit: 'NONE',
  },
];

/** Demo department groups, by department key (addressed as `group_{n}` in access lists). */
export const demoDepartmentGroups = [
  { name: 'Norway', description: 'Norwegian departments', departments: ['oslo'] },
  {
    name: 'Nordic capitals',
    description: 'One department in each capital',
    departments: ['oslo', 'stockholm', 'copenhagen', 'helsinki'],
  },
];

/** Demo customer groups, by customer name. */
export const demoCustomerGroups = [
  {
    name: 'Key accounts',
    description: 'Customers with a dedicated contact',
    customers: ['Fjordkraft Elektro AS', 'Söderhamn Möbler AB', 'Nyhavn Boghandel ApS'],
  },
];

/**
 * Demo number series under a made-up GS1 company prefix (7 digits, so 9-digit serials): shipment
 * numbers (GSIN) and package numbers (SSCC, extension digit 0).
 */
export const demoNumberSeries = [
  {
    name: 'Demo shipments',
    type: 'GSIN',
    companyPrefix: '7090001',
    firstSerial: 1,
    lastSerial: 99_999_999,
  },
  {
    name: 'Demo packages',
    type: 'SSCC',
    companyPrefix: '7090001',
    extensionDigit: '0',
    firstSerial: 1,
    lastSerial: 499_999_999,
  },
] as const;

const streets: Record<string, { streets: string[]; zips: [string, string][] }> = {
  NO: {
    streets: [
      'Karl Johans gate',
      'Storgata',
      'Bogstadveien',
      'Thorvald Meyers gate',
      'Trondheimsveien',
    ],
    zips: [
      ['0154', 'Oslo'],
      ['0181', 'Oslo'],
      ['0355', 'Oslo'],
      ['0552', 'Oslo'],
      ['0560', 'Oslo'],
    ],
  },
  SE: {
    streets: ['Drottninggatan', 'Götgatan', 'Sveavägen', 'Hornsgatan', 'Odengatan'],
    zips: [
      ['111 51', 'Stockholm'],
      ['118 46', 'Stockholm'],
      ['113 59', 'Stockholm'],
      ['117 28', 'Stockholm'],
      ['113 22', 'Stockholm'],
    ],
  },
  DK: {
    streets: ['Strøget', 'Nørrebrogade', 'Vesterbrogade', 'Amagerbrogade', 'Østerbrogade'],
    zips: [
      ['1160', 'København K'],
      ['2200', 'København N'],
      ['1620', 'København V'],
      ['2300', 'København S'],
      ['2100', 'København Ø'],
    ],
  },
  FI: {
    streets: ['Mannerheimintie', 'Aleksanterinkatu', 'Hämeentie', 'Fredrikinkatu', 'Bulevardi'],
    zips: [
      ['00100', 'Helsinki'],
      ['00120', 'Helsinki'],
      ['00530', 'Helsinki'],
      ['00180', 'Helsinki'],
      ['00250', 'Helsinki'],
    ],
  },
};

/** A small deterministic PRNG (mulberry32), so the demo day is the same on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: T[]): T => list[Math.floor(rnd() * list.length)]!;

/**
 * One order of a demo day: pickup at the customer, delivery somewhere in town. Spec §5 wants the
 * pickup ahead of now: windows start at `fromHour` at the earliest, and late in the day the
 * orders have no windows (the rest of the day).
 */
export function demoOrder(
  rnd: () => number,
  dep: { id: string; country: string; location: { lat: number; lng: number } | null },
  customer: { id: string; name: string },
  date: string,
  index: number,
  fromHour = 0,
): OrderFormInput {
  const place = streets[dep.country]!;
  const centre = dep.location ?? { lat: 59.91, lng: 10.75 };
  const near = () => ({
    lat: +(centre.lat + (rnd() - 0.5) * 0.12).toFixed(6),
    lng: +(centre.lng + (rnd() - 0.5) * 0.24).toFixed(6),
  });
  const [zip, area] = pick(rnd, place.zips);
  const [pzip, parea] = pick(rnd, place.zips);
  const unresolved = rnd() < 0.08;
  const start = Math.max(fromHour, 8 + Math.floor(rnd() * 8));
  const pad = (n: number) => String(n).padStart(2, '0');
  const windows =
    start <= 18
      ? {
          pickupTimeEarliest: `${pad(start)}:00`,
          pickupTimeLatest: `${pad(start + 2)}:00`,
          deliveryTimeEarliest: `${pad(start + 1)}:00`,
          deliveryTimeLatest: `${pad(Math.min(start + 5, 23))}:00`,
        }
      : {};
  return {
    departmentId: dep.id,
    customerId: customer.id,
    pickupDate: date,
    priority: rnd() < 0.1 ? 'high' : 'normal',
    type: 'Delivery',
    requiresConfirmation: rnd() < 0.05,
    customerRef: `REF-${1000 + index}`,
    pickup: {
      name: customer.name,
      address: `${pick(rnd, place.streets)} ${1 + Math.floor(rnd() * 80)}`,
      zipCode: pzip,
      zipArea: parea,
      countryCode: dep.country as AddressCountry,
      ...near(),
    },
    delivery: {
      name: `Recipient ${index + 1}`,
      address: `${pick(rnd, place.streets)} ${1 + Math.floor(rnd() * 120)}`,
      zipCode: zip,
      zipArea: area,
      countryCode: dep.country as AddressCountry,
      ...(unresolved ? {} : near()),
    },
    ...windows,
    measurements: Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ({
      weight: +(0.5 + rnd() * 30).toFixed(1),
      length: 20 + Math.floor(rnd() * 60),
      width: 15 + Math.floor(rnd() * 40),
      height: 10 + Math.floor(rnd() * 40),
      quantity: 1 + Math.floor(rnd() * 2),
    })),
  };
}

/**
 * Demo users, one per role (development data only: never loaded when NODE_ENV=production). Log in
 * with the phone number; the one-time code appears on http://localhost:8080/dev/messages.
 */
export const demoUsers = [
  { name: 'Ada Admin', phoneNumber: '+4740000001', role: 'ADMIN' },
  { name: 'Per Planner', phoneNumber: '+4740000002', role: 'PLANNER' },
  { name: 'Rut Read-only', phoneNumber: '+4740000003', role: 'READ_ONLY_PLANNER' },
  { name: 'Pål Plus', phoneNumber: '+4740000004', role: 'PLUS_PLANNER' },
  { name: 'Pia Partner', phoneNumber: '+4740000005', role: 'PARTNER' },
  { name: 'Kåre Customer', phoneNumber: '+4740000006', role: 'CUSTOMER' },
  { name: 'Kim Courier', phoneNumber: '+4740000007', role: 'COURIER' },
  { name: 'Aud Accounting', phoneNumber: '+4740000008', role: 'ACCOUNTING' },
] as const;
