import type {
  AddressCountry,
  CreateDepartment,
  CustomerInput,
  OrderFormInput,
} from '@nordlog/contracts';
import { demoAddresses, type DemoAddress } from './addresses.js';

/** Demo departments: one per market, at the city centres of spec §9 (Copenhagen added). */
export const demoDepartments: (CreateDepartment & { key: string; tz: string })[] = [
  {
    key: 'oslo',
    address: { street: 'Tollbugata 17', postalCode: '0152', town: 'Oslo', country: 'NO' },
    orgNumber: '923456783',
    vatRegistered: true,
    bankAccount: '1503 12 34562',
    fikCreditorNumber: '',
    tz: 'Europe/Oslo',
    name: 'Oslo Courier',
    departmentType: 'courier',
    country: 'NO',
    alystraId: 'NO-OSL-01',
    emailAddresses: ['oslo@demo.example'],
    location: { lat: 59.911525, lng: 10.75425 },
    npsId: null,
    personalDataRetentionDays: null,
    planningHorizonDays: null,
  },
  {
    key: 'stockholm',
    address: { street: 'Vasagatan 11', postalCode: '11120', town: 'Stockholm', country: 'SE' },
    orgNumber: '556036-0793',
    vatRegistered: true,
    bankAccount: '567-1235',
    fikCreditorNumber: '',
    tz: 'Europe/Stockholm',
    name: 'Stockholm Express',
    departmentType: 'express',
    country: 'SE',
    alystraId: 'SE-STO-01',
    emailAddresses: ['stockholm@demo.example'],
    location: { lat: 59.336043, lng: 18.072772 },
    npsId: null,
    personalDataRetentionDays: null,
    planningHorizonDays: null,
  },
  {
    key: 'copenhagen',
    address: { street: 'Vesterbrogade 6', postalCode: '1620', town: 'København', country: 'DK' },
    orgNumber: '12345674',
    vatRegistered: true,
    bankAccount: 'DK50 0040 0440 1162 43',
    fikCreditorNumber: '81234567',
    tz: 'Europe/Copenhagen',
    name: 'København Pakker',
    departmentType: 'parcel',
    country: 'DK',
    alystraId: 'DK-CPH-01',
    emailAddresses: ['kobenhavn@demo.example'],
    location: { lat: 55.676098, lng: 12.568337 },
    npsId: null,
    personalDataRetentionDays: null,
    planningHorizonDays: null,
  },
  {
    key: 'helsinki',
    address: { street: 'Mannerheimintie 10', postalCode: '00100', town: 'Helsinki', country: 'FI' },
    orgNumber: '1234567-1',
    vatRegistered: true,
    bankAccount: 'FI47 2142 1000 0247 35',
    fikCreditorNumber: '',
    tz: 'Europe/Helsinki',
    name: 'Helsinki Kuriiri',
    departmentType: 'courier',
    country: 'FI',
    alystraId: 'FI-HEL-01',
    emailAddresses: ['helsinki@demo.example'],
    location: { lat: 60.167335, lng: 24.950519 },
    npsId: null,
    personalDataRetentionDays: null,
    planningHorizonDays: null,
  },
];

/** As CREATE_CUSTOMER takes them: the settings left out take their defaults (0071). */
export const demoCustomers: (Omit<CustomerInput, 'departmentId'> & { department: string })[] = [
  {
    department: 'oslo',
    name: 'Fjordkraft Elektro AS',
    alystraId: '10001',
    alystraSubcustomer: '',
    orgNumber: '974760673',
    customerCode: 'FJORD',
    accountingTags: ['retail'],
    otherIdentifiers: {},
    invoiceSplit: 'NONE',
    address: { street: 'Karl Johans gate 5', postalCode: '0154', town: 'Oslo', country: 'NO' },
    personalDataRetentionDays: null,
    // Returns go to its warehouse at Alnabru, not to the head office (0057).
    returnAddress: {
      street: 'Alfaset 3. Industrivei 22',
      postalCode: '0668',
      town: 'Oslo',
      country: 'NO',
    },
    returnLastLeg: true,
    // What its recipients know it by, and its number in its accounting system (0071).
    senderName: 'Fjordkraft',
    billingNumber: 'FK-2201',
  },
  {
    department: 'oslo',
    name: 'Nordlys Apotek',
    alystraId: '10002',
    alystraSubcustomer: '01',
    orgNumber: '987654325',
    customerCode: 'NLAP',
    accountingTags: ['pharmacy'],
    otherIdentifiers: {},
    invoiceSplit: 'DELIVERY_DATE',
    address: { street: 'Thereses gate 12', postalCode: '0168', town: 'Oslo', country: 'NO' },
    personalDataRetentionDays: null,
    returnAddress: null,
    returnLastLeg: true,
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
    address: { street: 'Götgatan 48', postalCode: '11826', town: 'Stockholm', country: 'SE' },
    personalDataRetentionDays: null,
    returnAddress: null,
    returnLastLeg: true,
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
    address: { street: 'Odengatan 60', postalCode: '11322', town: 'Stockholm', country: 'SE' },
    personalDataRetentionDays: null,
    returnAddress: null,
    returnLastLeg: true,
  },
  {
    department: 'copenhagen',
    name: 'Nyhavn Boghandel ApS',
    alystraId: '30001',
    alystraSubcustomer: '',
    orgNumber: '10150817',
    customerCode: 'NYHB',
    accountingTags: ['books'],
    otherIdentifiers: {},
    invoiceSplit: 'NONE',
    address: { street: 'Nyhavn 31', postalCode: '1051', town: 'København K', country: 'DK' },
    personalDataRetentionDays: null,
    returnAddress: null,
    returnLastLeg: true,
  },
  {
    department: 'copenhagen',
    name: 'Amager Cykler',
    alystraId: '30002',
    alystraSubcustomer: '',
    orgNumber: '87654303',
    customerCode: 'AMCY',
    accountingTags: [],
    otherIdentifiers: {},
    invoiceSplit: 'NONE',
    address: {
      street: 'Amagerbrogade 150',
      postalCode: '2300',
      town: 'København S',
      country: 'DK',
    },
    personalDataRetentionDays: null,
    returnAddress: null,
    returnLastLeg: true,
  },
  {
    department: 'helsinki',
    name: 'Kallio Kahvila Oy',
    alystraId: '40001',
    alystraSubcustomer: '',
    orgNumber: '0112038-9',
    customerCode: 'KALK',
    accountingTags: ['food'],
    otherIdentifiers: {},
    invoiceSplit: 'NONE',
    address: { street: 'Fleminginkatu 7', postalCode: '00530', town: 'Helsinki', country: 'FI' },
    personalDataRetentionDays: null,
    returnAddress: null,
    returnLastLeg: true,
  },
  {
    department: 'helsinki',
    name: 'Suomenlinna Tarvike',
    alystraId: '40002',
    alystraSubcustomer: '',
    orgNumber: '7654321-2',
    customerCode: 'SUOT',
    accountingTags: [],
    otherIdentifiers: {},
    invoiceSplit: 'NONE',
    address: { street: 'Suomenlinna C 40', postalCode: '00190', town: 'Helsinki', country: 'FI' },
    personalDataRetentionDays: null,
    returnAddress: null,
    returnLastLeg: true,
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

/**
 * One order of a demo day: picked up at the customer (at the terminal, the department, for the
 * day's planned delivery routes) and delivered to a street address in town. The addresses carry
 * no coordinates: booking places them through the geocoder, as it does a planner's order. Spec §5
 * wants the pickup ahead of now: windows start at `fromHour` at the earliest, and late in the day
 * the orders have no windows (the rest of the day).
 */
export function demoOrder(
  rnd: () => number,
  dep: { id: string; country: string; location: { lat: number; lng: number } | null },
  customer: { id: string; name: string },
  date: string,
  index: number,
  fromHour = 0,
  fromTerminal = false,
): OrderFormInput {
  const addresses = demoAddresses[dep.country]!;
  const customerAddress = addresses.customers[index % addresses.customers.length]!;
  // In turn through the list: a slot's stops go to different addresses, each on its own point
  // wherever the country's table has one.
  const to = addresses.deliveries[index % addresses.deliveries.length]!;
  const block = ([address, zipCode, zipArea]: DemoAddress) => ({
    address,
    zipCode,
    zipArea,
    countryCode: dep.country as AddressCountry,
  });
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
    // An empty pickup block is the department (spec §5).
    pickup: fromTerminal ? {} : { name: customer.name, ...block(customerAddress) },
    delivery: { name: `Recipient ${index + 1}`, ...block(to) },
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
