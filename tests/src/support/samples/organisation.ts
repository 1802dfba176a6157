import { words, type SampleOf, type Samples } from './base.js';

/** Update samples by feature (spread into `updateSamples`): departments and customers. */
/** A customer with every field given, and a change of every field. */
const updateCustomer: SampleOf = ({ departments }) => ({
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
});

export const organisationSamples = {
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
  UPDATE_CUSTOMER: updateCustomer,
  // One field of the customer (docs/decisions/0032): every other field stays.
  UPDATE_CUSTOMER_INVOICE_SPLIT: (world) => ({
    create: updateCustomer(world).create,
    changes: { invoiceSplit: 'DELIVERY_DATE' },
  }),
} satisfies Samples;
