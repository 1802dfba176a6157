import type { DomainEventType } from './events.js';
import type { PersonalKind } from './kinds.js';
import { addressSubject, courierDaySubject, orderSubject, userSubject } from './subjects.js';

/**
 * The personal data inventory of the events (GDPR art. 30's record, as data): for every event type,
 * which fields hold whose personal data. The event store seals the fields of `sealed` groups with
 * their subject's key (platform/src/privacy), so erasing the subject erases them everywhere; a
 * test fails when an event carries a field that looks personal and is not listed here, as
 * personal or as not personal with the reason (tests/src/privacy).
 */
export interface PersonalGroup {
  /**
   * Where the group's fields sit: `''` for the event's data, or an array whose every element is
   * one group (`pages[]`), e.g. a label's pages, each of its own order.
   */
  at: string;
  /** Whose data the fields are: one key per subject (subjects.ts), or null for nobody's. */
  subject(container: Readonly<Record<string, unknown>>, streamId: string): string | null;
  /** The fields (paths in the container, `a.b`) and their kinds. */
  fields: Readonly<Record<string, PersonalKind>>;
  /**
   * Whether the event store seals them now. False only where erasure needs more than sealing and
   * is not built yet (the reason is in `notSealedBecause`).
   */
  sealed: boolean;
  notSealedBecause?: string;
}

export interface EventPrivacy {
  personal: readonly PersonalGroup[];
  /** Fields that look personal and are not, each with the reason (paths in the data). */
  notPersonal?: Readonly<Record<string, string>>;
}

/** The personal fields of an address block (spec §3) under `prefix`. */
export function addressBlockFields(prefix: string): Record<string, PersonalKind> {
  const p = prefix ? `${prefix}.` : '';
  return {
    [`${p}name`]: 'name',
    [`${p}address`]: 'address',
    [`${p}phone`]: 'phone',
    [`${p}secondPhone`]: 'phone',
    [`${p}email`]: 'email',
    [`${p}contactPerson`]: 'name',
    [`${p}instructions`]: 'freeText',
    [`${p}lat`]: 'position',
    [`${p}lng`]: 'position',
  };
}

const orderOfStream = (_: unknown, streamId: string) =>
  streamId.startsWith('order-') ? orderSubject(streamId.slice('order-'.length)) : null;

/** The personal fields of a booked order (`order` in its events and in its read-model row). */
export const bookedOrderFields: Record<string, PersonalKind> = {
  ...addressBlockFields('order.pickup'),
  ...addressBlockFields('order.delivery'),
  'order.customerContact': 'name',
  'order.orderNote': 'freeText',
  'order.customerInfo': 'freeText',
  'order.recipientRef': 'identifier',
  'order.emailId': 'email',
  // The recipient's note for the courier (0063): free text of the order's recipient.
  'order.leaveAtDoor.note': 'freeText',
};

const bookedOrderNotPersonal = {
  'order.pickup.zipCode': 'a postal code names an area of thousands of people',
  'order.pickup.zipArea': 'the postal area of the code',
  'order.delivery.zipCode': 'a postal code names an area of thousands of people',
  'order.delivery.zipArea': 'the postal area of the code',
  'order.customerRef': "the customer's (a business's) own reference",
  'order.groupName': 'the name of a group of orders, given by the planner',
  'order.invoiceInfo': 'invoice text of the business that is invoiced: kept for bookkeeping',
  'order.manualInvoiceInfo': 'invoice text of the business that is invoiced: kept for bookkeeping',
  'order.correctedArticlePrices[].articleLabel': 'the name of a priced article',
  'order.calculatedArticlePrices[].articleLabel': 'the name of a priced article',
  'order.measurements[].specificationDescription': 'what the goods are',
  'order.adrGoods[].technicalName': 'the technical name of dangerous goods',
};

const order = (fields: Record<string, PersonalKind>, notPersonal?: Record<string, string>) => ({
  personal: [{ at: '', subject: orderOfStream, fields, sealed: true }],
  ...(notPersonal ? { notPersonal } : {}),
});
const comment = order({ comment: 'freeText' });

const labelParty = (side: 'sender' | 'receiver'): Record<string, PersonalKind> => ({
  [`${side}.name`]: 'name',
  [`${side}.address`]: 'address',
});

const userFields: Record<string, PersonalKind> = {
  name: 'name',
  phoneNumber: 'phone',
  email: 'email',
  'courier.dateOfBirth': 'identifier',
  'courier.driverId': 'identifier',
};

/** A user's own data: sealed under the user's subject, erased with the user (0050, addendum). */
const users: EventPrivacy = {
  personal: [
    {
      at: '',
      subject: (data) => (typeof data.id === 'string' ? userSubject(data.id) : null),
      fields: {
        ...userFields,
        ...Object.fromEntries(Object.entries(userFields).map(([f, k]) => [`changes.${f}`, k])),
      },
      sealed: true,
    },
  ],
};

const reservations: EventPrivacy = {
  personal: [],
  notPersonal: {
    value:
      "a phone number's or an e-mail address's reservation records the installation's pseudonym of it (a keyed digest), never the value; shipment ids and article codes are no one's",
  },
};

const none: EventPrivacy = { personal: [] };

/** A vendor (0091): a haulier company, its depots and its business contact. */
const vendorBusiness =
  "a haulier (a business): its name, number, depots and the business's own contact mailbox and phone";
const vendorPaths = (p: string) =>
  ['name', 'orgNumber', 'email', 'phone', 'sites[].name', 'sites[].location.address'].map(
    (f) => p + f,
  );

/** A saved address's block under `prefix` (`changes.` in an update): its people are its own. */
function savedAddress(prefix: string): EventPrivacy {
  return {
    personal: [
      {
        at: '',
        subject: (data) => (typeof data.id === 'string' ? addressSubject(data.id) : null),
        fields: addressBlockFields(`${prefix}block`),
        sealed: true,
      },
    ],
    notPersonal: {
      [`${prefix}code`]: "the customer's (a business's) own code of the place",
      [`${prefix}block.zipCode`]: 'a postal code names an area of thousands of people',
      [`${prefix}block.zipArea`]: 'the postal area of the code',
      [`${prefix}block.pupUnitId`]: 'a pickup point (a shop or a locker), no person',
    },
  };
}
const unitPaths = (p: string) =>
  ['name', 'vehicleControlComment']
    .map((f) => p + f)
    .concat(
      ['startLocation', 'endLocation'].flatMap((at) =>
        ['address', 'lat', 'lng'].map((f) => `${p}${at}.${f}`),
      ),
    );
const named = (what: string, paths: string[] = ['name']): EventPrivacy => ({
  personal: [],
  notPersonal: Object.fromEntries(paths.map((p) => [p, what])),
});

/** Every event type's personal data (a new event type does not compile until it is classified). */
export const eventPrivacy: Readonly<Record<DomainEventType, EventPrivacy>> = {
  OrderCreated: order(bookedOrderFields, bookedOrderNotPersonal),
  OrderUpdated: order(bookedOrderFields, bookedOrderNotPersonal),
  AddressResolved: order({ lat: 'position', lng: 'position' }),
  AddressUnresolved: none,
  OrderMoved: none,
  OrderAccepted: none,
  OrderRejected: order(
    { otherReason: 'freeText' },
    { reason: 'a reason from the catalogue of rejection reasons' },
  ),
  ConsignmentAssignedToSlot: none,
  ConsignmentUnassignedFromSlot: none,
  ConsignmentCollected: comment,
  ConsignmentDelivered: comment,
  ConsignmentDeviated: order(
    { comment: 'freeText' },
    { reason: 'a reason from the catalogue of deviation reasons' },
  ),
  ConsignmentReturned: comment,
  // The reporter's words and position, and the photo, are the order's (0051).
  DeviationRecorded: order(
    { text: 'freeText', 'position.lat': 'position', 'position.lng': 'position', photoRef: 'image' },
    { reason: 'a reason from the catalogue of deviation reasons' },
  ),
  DeviationUpdated: order(
    { 'changes.text': 'freeText', 'changes.photoRef': 'image' },
    { 'changes.reason': 'a reason from the catalogue of deviation reasons' },
  ),
  DeviationDeleted: none,
  OrderDeleted: none,
  OrderRestored: none,
  // Ids and kinds of the return's orders, nothing of a person (0057).
  OrderReturnCreated: none,
  // The order as the recipient's answer left it (0063): its parties' fields, as OrderUpdated's.
  RecipientAnswered: order(bookedOrderFields, {
    ...bookedOrderNotPersonal,
    'answer.pickupPointId': 'the id of a pickup point (a shop or a locker), no person',
  }),
  LabelCreated: {
    personal: [
      {
        at: 'pages[]',
        subject: (page) => (typeof page.orderId === 'string' ? orderSubject(page.orderId) : null),
        fields: { ...labelParty('sender'), ...labelParty('receiver') },
        sealed: true,
      },
    ],
    notPersonal: {
      'pages[].departmentName': 'the name of a department of the carrier',
      'pages[].route.name': 'the name of a route',
    },
  },
  CourierLocationReported: {
    personal: [
      {
        at: '',
        subject: (data) =>
          typeof data.id === 'string' && typeof data.at === 'string'
            ? courierDaySubject(data.id, data.at)
            : null,
        fields: { latitude: 'position', longitude: 'position' },
        sealed: true,
      },
    ],
  },
  // A scan's position is the courier's, of that day, as a location report (0064).
  ScansRecorded: {
    personal: [
      {
        at: 'scans[]',
        subject: (scan) =>
          typeof scan.courierId === 'string' && typeof scan.scannedAt === 'string'
            ? courierDaySubject(scan.courierId, scan.scannedAt)
            : null,
        fields: { 'position.lat': 'position', 'position.lng': 'position' },
        sealed: true,
      },
    ],
  },
  PackagesScanned: none,
  // The recipient's name and the images of a delivery's proof are the order's parties' (0068):
  // the keys name the images, which erasure deletes from the proof store.
  DeliveryProofRecorded: order(
    {
      'proof.recipientName': 'name',
      'proof.signature.key': 'image',
      'proof.photos.0.key': 'image',
      'proof.photos.1.key': 'image',
      'proof.photos.2.key': 'image',
    },
    { 'proof.courierId': 'the id of the courier user, no name' },
  ),
  // The recipient's comment on the net promoter question is theirs, the order's (0083).
  DeliveryRated: comment,
  UserCreated: users,
  UserUpdated: users,
  UserDeleted: none,
  RolesAddedToUser: none,
  RolesRemovedFromUser: none,
  UniqueValueReserved: reservations,
  UniqueValueReleased: reservations,
  RoleCreated: named('the name of a role'),
  RoleUpdated: named('the name of a role', ['changes.name']),
  RoleDeleted: none,
  CustomerCreated: named('customers are businesses: their name and address are not personal', [
    'name',
    'address',
    // The name its recipients know it by, a brand (0071).
    'senderName',
  ]),
  CustomerUpdated: named('customers are businesses: their name and address are not personal', [
    'changes.name',
    'changes.address',
    'changes.senderName',
  ]),
  CustomerGroupCreated: named('the name of a group of customers'),
  CustomerGroupUpdated: named('the name of a group of customers', ['changes.name']),
  CustomerGroupDeleted: none,
  DepartmentCreated: named(
    "a department of the carrier: its name, address, point and the carrier's own mailboxes",
    ['name', 'address', 'location.lat', 'location.lng', 'emailAddresses[]'],
  ),
  DepartmentUpdated: named(
    "a department of the carrier: its name, address, point and the carrier's own mailboxes",
    [
      'changes.name',
      'changes.address',
      'changes.location.lat',
      'changes.location.lng',
      'changes.emailAddresses[]',
    ],
  ),
  DepartmentGroupCreated: named('the name of a group of departments'),
  DepartmentGroupUpdated: named('the name of a group of departments', ['changes.name']),
  DepartmentGroupDeleted: none,
  // API keys (0069): a label the admin gives a customer's system; the hash of a random secret.
  ApiKeyCreated: named("the admin's label of a customer's system", ['label']),
  ApiKeyRotated: none,
  ApiKeyRevoked: none,
  HolidayCreated: named('the name of a public holiday'),
  HolidayDeleted: none,
  // A job's switch: the job and the admin's user id (0076).
  JobEnabled: none,
  JobDisabled: none,
  // A department's calendar (0078): opening hours and dates, about no person.
  DepartmentTimeWindowSet: none,
  ProductionTimeWindowAdded: none,
  ProductionTimeWindowEdited: none,
  ProductionTimeWindowDeleted: none,
  // The department matrix (0079): postal-code ranges, services and days, about no person.
  MatrixEntryCreated: none,
  MatrixEntryUpdated: none,
  MatrixEntryDeleted: none,
  // Upsales rules (0087): an offer's conditions and the administrators' name for it.
  UpsalesRuleCreated: named("the administrators' name of an offer: not about a person"),
  UpsalesRuleUpdated: named("the administrators' name of an offer: not about a person", [
    'changes.name',
  ]),
  UpsalesRuleDeleted: none,
  // Vendors (0091): hauliers are businesses; their contact is the business's mailbox and phone.
  VendorCreated: named(vendorBusiness, vendorPaths('')),
  VendorUpdated: named(vendorBusiness, vendorPaths('changes.')),
  VendorDeleted: none,
  // Same-day home delivery (0092): settings, and which orders hold a day's places (ids only).
  ShdSettingsSet: none,
  ShdPlacesTaken: none,
  ShdPlacesFreed: none,
  // Content (0077): texts an administrator writes for users, not about a person.
  CmsItemCreated: named(
    'content written for every user of the roles it targets: not about a person',
    ['title', 'body', 'link'],
  ),
  CmsItemUpdated: named(
    'content written for every user of the roles it targets: not about a person',
    ['changes.title', 'changes.body', 'changes.link'],
  ),
  CmsItemDeleted: none,
  AddressPinned: named(
    "a planner's pin of an address on the map: an address and its point, with no person",
    ['address', 'lat', 'lng'],
  ),
  NumberSeriesCreated: named('the name of a number series'),
  NumberSeriesDeleted: none,
  NumberSeriesUsed: none,
  NumbersAllocated: none,
  ArticleCreated: named('the name of an article'),
  ArticleUpdated: named('the name of an article', ['changes.name']),
  ArticleDeleted: none,
  PriceListCreated: named('the name of a price list'),
  PriceListUpdated: named('the name of a price list', ['changes.name']),
  PriceListDeleted: none,
  SlotCreated: named('the name of a route'),
  SlotUpdated: named('the name of a route', ['changes.name']),
  SlotDeleted: none,
  SlotStateChanged: none,
  SlotRouteReordered: none,
  ConsignmentsPlannedOnSlot: none,
  ConsignmentsRemovedFromSlot: none,
  SlotsCreatedFromTemplate: none,
  TemplateSaved: named('the name of a template'),
  TemplateDeleted: none,
  UnitCreated: named("a vehicle and its depots: the carrier's own", unitPaths('')),
  UnitUpdated: named("a vehicle and its depots: the carrier's own", unitPaths('changes.')),
  OptimizingRequested: none,
  OptimizingStarted: none,
  OptimizingProgressed: none,
  OptimizingCompleted: none,
  OptimizingFailed: none,
  OptimizingCancelled: none,
  OptimizingLockTaken: none,
  OptimizingLockReleased: none,
  RouteSuggested: none,
  RouteSuggestionApplied: none,
  RouteSuggestionCancelled: none,
  RouteSuggestionConsignmentsRemoved: none,
  RouteSuggestionReordered: none,
  OrderInvoiced: none,
  OrderInvoicingStatusSet: none,
  OrderPricesCorrected: none,
  OrderCorrectionCreated: none,
  OrderCorrectionAccepted: none,
  OrderCorrectionRejected: none,
  InvoicingRunRequested: none,
  InvoicingRunStarted: none,
  InvoicingRunCompleted: none,
  InvoicingRunFailed: none,
  InvoiceIssued: named(
    'invoices are to businesses and kept for bookkeeping (five years in Norway)',
    ['customer.name', 'customer.address', 'seller.name', 'seller.address'],
  ),
  BillingOrderCreated: none,
  BillingOrderInvoiced: none,
  PersonalDataErased: none,
  // Recurring orders (0058): a template is a copy of its source order's booking, sealed under
  // that order's subject, so erasing the order's person erases the copy too.
  RecurringOrderSaved: named('the name of a recurring order, given by the planner'),
  RecurringOrderOrdersAdded: {
    personal: [
      {
        at: 'orders[]',
        subject: (t) => (typeof t.orderId === 'string' ? orderSubject(t.orderId) : null),
        fields: bookedOrderFields,
        sealed: true,
      },
    ],
    notPersonal: Object.fromEntries(
      Object.entries(bookedOrderNotPersonal).map(([path, why]) => [`orders[].${path}`, why]),
    ),
  },
  RecurringOrderOrdersRemoved: none,
  RecurringOrderPaused: none,
  RecurringOrderDeleted: none,
  RecurringOrderListed: none,
  RecurringOrderUnlisted: none,
  RecurringOrderBooked: none,
  RecurringOrderSkipped: named('a booking rule refusal names fields, not a person', ['message']),
  RecurringOrdersExecuted: none,
  // The address book (0061): the people of a saved place, sealed under the address's subject,
  // erased when the address is deleted.
  AddressCreated: savedAddress(''),
  AddressUpdated: savedAddress('changes.'),
  AddressDeleted: none,
  // Pre-advice (docs/decisions/0062): a policy's texts are a business's words with placeholders;
  // the messages of an order hold its recipient's number or address and the texts made for
  // them, sealed under the order's subject (erased with the order's parties).
  PreAdvicePolicyCreated: named('texts and a name a business wrote for all its recipients', [
    'name',
    'texts[].smsText',
    'texts[].emailSubject',
    'texts[].emailBody',
  ]),
  PreAdvicePolicyDeleted: none,
  // Webhooks (0070): a business's system (its address, what it is); no secret in any event.
  WebhookCreated: named("a business's own system: its address and what it is", [
    'url',
    'description',
  ]),
  WebhookUpdated: named("a business's own system: its address and what it is", [
    'url',
    'description',
  ]),
  WebhookSecretRotated: none,
  WebhookDeleted: none,
  WebhookMessageReplayRequested: none,
  PreAdviceRequested: none,
  PreAdviceQueued: order({
    'messages.sms.to': 'phone',
    'messages.sms.body': 'freeText',
    'messages.email.to': 'email',
    'messages.email.subject': 'freeText',
    'messages.email.body': 'freeText',
  }),
  PreAdviceOutcomeRecorded: none,
  PreAdviceLocked: none,
  PreAdviceUnlocked: none,
};

/** The groups of an event type that the event store seals (none for an unknown type). */
export function sealedGroups(type: string): readonly PersonalGroup[] {
  const privacy = (eventPrivacy as Record<string, EventPrivacy | undefined>)[type];
  return privacy ? privacy.personal.filter((g) => g.sealed) : [];
}
