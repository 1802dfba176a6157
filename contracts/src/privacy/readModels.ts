import type { EntityName } from '../entities.js';
import { bookedOrderFields } from './inventory.js';
import type { PersonalKind } from './kinds.js';

/**
 * The personal data inventory of the read models (docs/decisions/0050-personal-data.md): for every
 * socket entity, which fields of its rows (paths in the row's JSON, `a.b`, `list[]`) hold personal
 * data, and of whom; and those that look personal but are not, with the reason. A test walks the
 * rows of a real day and fails on a field that looks personal and is in neither list
 * (tests/src/privacy/inventory.e2e.test.ts); another checks that every entity holding data of an
 * erasable subject is folded again on erasure.
 */
export interface EntityPrivacy {
  personal: Readonly<Record<string, PersonalKind>>;
  /** Whose data it is; `order`: an order's parties, erased with the order's subject. */
  subject?: 'order' | 'user' | 'courier' | 'address';
  notPersonal?: Readonly<Record<string, string>>;
  /** The rows hold events' data as it is: classified by the events' inventory (by event type). */
  eventData?: true;
}

const prefixed = (prefix: string, fields: Record<string, PersonalKind>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}${k}`, v]));

const orderFields: Record<string, PersonalKind> = {
  ...bookedOrderFields,
  otherReason: 'freeText',
  // A delivery's proof (0068): the recipient's name and the images' keys.
  'proof.recipientName': 'name',
  'proof.signature.key': 'image',
  'proof.photos[].key': 'image',
};

const business = 'a business (customer or department): not a person';
const carrier = "the carrier's own name for it";
const catalogue = 'a reason from the catalogue';

const named = (what: string, paths: string[] = ['name']): EntityPrivacy => ({
  personal: {},
  notPersonal: Object.fromEntries(paths.map((p) => [p, what])),
});

export const readModelPrivacy: Readonly<Record<EntityName, EntityPrivacy>> = {
  orders: {
    personal: orderFields,
    subject: 'order',
    notPersonal: {
      'order.customerRef': "the customer's (a business's) own reference",
      rejectionReason: catalogue,
      'order.pickup.zipCode': 'a postal code names an area',
      'order.delivery.zipCode': 'a postal code names an area',
      'order.pickup.zipArea': 'a postal area',
      'order.delivery.zipArea': 'a postal area',
      'order.groupName': carrier,
      'order.invoiceInfo': 'invoice text of a business, kept for bookkeeping',
      'order.manualInvoiceInfo': 'invoice text of a business, kept for bookkeeping',
      customerName: business,
    },
  },
  consignments: {
    personal: {
      ...prefixed('pickup', { Name: 'name', Address: 'address', Lat: 'position', Lng: 'position' }),
      ...prefixed('delivery', {
        Name: 'name',
        Address: 'address',
        Lat: 'position',
        Lng: 'position',
      }),
      recipientRef: 'identifier',
    },
    subject: 'order',
    notPersonal: {
      customerName: business,
      customerRef: "the customer's (a business's) own reference",
      groupName: carrier,
      deviationReason: catalogue,
      rejectionReason: catalogue,
    },
  },
  orderHistory: { personal: {}, subject: 'order', eventData: true },
  orderDeviations: {
    personal: {
      text: 'freeText',
      'position.lat': 'position',
      'position.lng': 'position',
      photoRef: 'image',
    },
    subject: 'order',
    notPersonal: { reason: catalogue },
  },
  labelUrls: {
    personal: {
      'pages[].sender.name': 'name',
      'pages[].sender.address': 'address',
      'pages[].receiver.name': 'name',
      'pages[].receiver.address': 'address',
    },
    subject: 'order',
    notPersonal: { 'pages[].departmentName': carrier, 'pages[].route.name': carrier },
  },
  users: {
    personal: {
      name: 'name',
      phoneNumber: 'phone',
      email: 'email',
      'courier.dateOfBirth': 'identifier',
      'courier.driverId': 'identifier',
    },
    subject: 'user',
    notPersonal: { requiresEmail: 'a setting, not a value' },
  },
  couriers: {
    personal: {
      name: 'name',
      phoneNumber: 'phone',
      email: 'email',
      dateOfBirth: 'identifier',
      driverId: 'identifier',
    },
    subject: 'user',
  },
  courierLocations: {
    personal: { latitude: 'position', longitude: 'position' },
    subject: 'courier',
  },
  departments: named(business, [
    'name',
    'address',
    'location.lat',
    'location.lng',
    'emailAddresses[]',
  ]),
  customers: named(business, ['name', 'address', 'senderName']),
  roles: named(carrier),
  departmentGroups: named(carrier),
  customerGroups: named(carrier),
  articles: named(carrier),
  priceLists: named(carrier),
  invoicingRuns: named(carrier),
  invoices: named('invoices are to businesses and kept for bookkeeping', [
    'customer.name',
    'customer.address',
    'seller.name',
    'seller.address',
  ]),
  billingOrders: named(carrier),
  holidays: named('the name of a public holiday'),
  departmentTimeWindows: { personal: {} },
  departmentMatrix: { personal: {} },
  shdSettings: { personal: {} },
  shdCapacity: { personal: {} },
  vendors: named(
    "a haulier (a business): its name, number, depots and the business's own contact mailbox and phone",
    ['name', 'orgNumber', 'email', 'phone', 'sites[].name', 'sites[].location.address'],
  ),
  upsalesRules: named("the administrators' name of an offer: not about a person"),
  texts: named("the administrators' wording of services and screens: not about a person", [
    'texts.en',
    'texts.nb',
    'texts.sv',
    'texts.da',
    'texts.fi',
    'texts.fr',
  ]),
  serviceMappings: named(carrier, ['label']),
  productionTimeWindows: named("the administrator's name of a period (e.g. Christmas 2026)"),
  cmsBanners: named('content written for every user of the roles it targets: not about a person', [
    'title',
    'body',
    'link',
  ]),
  cmsHelpModals: named(
    'content written for every user of the roles it targets: not about a person',
    ['title', 'body'],
  ),
  jobs: named("the administrator's user id; a job's name is the code's", ['changedBy']),
  apiKeys: named("the admin's label of a customer's system", ['label']),
  numberSeries: named(carrier),
  units: named("a vehicle and its depots: the carrier's own", [
    'name',
    'startLocation.address',
    'startLocation.lat',
    'startLocation.lng',
    'endLocation.address',
    'endLocation.lat',
    'endLocation.lng',
    'vehicleControlComment',
  ]),
  slots: named(carrier),
  templates: named(carrier),
  optimizingRuns: named(carrier),
  routeSuggestions: named(carrier),
  // Recurring orders (0058): each template is a copy of its source order's booking.
  recurringOrders: {
    personal: prefixed('orders[].', bookedOrderFields),
    subject: 'order',
    notPersonal: {
      name: carrier,
      'orders[].order.customerRef': "the customer's (a business's) own reference",
      'orders[].order.pickup.zipCode': 'a postal code names an area',
      'orders[].order.delivery.zipCode': 'a postal code names an area',
      'orders[].order.pickup.zipArea': 'a postal area',
      'orders[].order.delivery.zipArea': 'a postal area',
      'orders[].order.groupName': carrier,
      'orders[].order.invoiceInfo': 'invoice text of a business, kept for bookkeeping',
      'orders[].order.manualInvoiceInfo': 'invoice text of a business, kept for bookkeeping',
    },
  },
  recurringOrderExecutions: named('a booking rule refusal names fields, not a person', ['message']),
  recurringOrderRuns: { personal: {} },
  // The address book (0061): a saved place's people, erased with the address.
  addresses: {
    personal: prefixed('block.', {
      name: 'name',
      address: 'address',
      phone: 'phone',
      secondPhone: 'phone',
      email: 'email',
      contactPerson: 'name',
      instructions: 'freeText',
      lat: 'position',
      lng: 'position',
    }),
    subject: 'address',
    notPersonal: {
      code: "the customer's (a business's) own code of the place",
      'block.zipCode': 'a postal code names an area',
      'block.zipArea': 'a postal area',
      'block.pupUnitId': 'a pickup point (a shop or a locker), no person',
    },
  },
  // Pre-advice (0062): policies hold a business's texts; an order's row holds no recipient.
  preAdvicePolicies: named('texts and a name a business wrote for all its recipients', [
    'name',
    'texts[].smsText',
    'texts[].emailSubject',
    'texts[].emailBody',
  ]),
  preAdvice: { personal: {} },
  // Webhooks (0070): the address and description of a business's own system; no secret.
  webhooks: named("a business's own system: its address and what it is", ['url', 'description']),
  // Codes, kinds and times of a slot's scans; the positions stay in the sealed events (0064).
  slotScans: { personal: {} },
};
