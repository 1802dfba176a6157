import type { DomainEventType } from './events.js';
import type { EventPrivacy } from './inventoryTypes.js';

/** An event that holds nothing personal. */
export const none: EventPrivacy = { personal: [] };

/** An event whose named fields look personal and are not: each is `what` (the reason). */
export const named = (what: string, paths: string[] = ['name']): EventPrivacy => ({
  personal: [],
  notPersonal: Object.fromEntries(paths.map((p) => [p, what])),
});

/** A vendor (0091): a haulier company, its depots and its business contact. */
const vendorBusiness =
  "a haulier (a business): its name, number, depots and the business's own contact mailbox and phone";
const vendorPaths = (p: string) =>
  ['name', 'orgNumber', 'email', 'phone', 'sites[].name', 'sites[].location.address'].map(
    (f) => p + f,
  );

const unitPaths = (p: string) =>
  ['name', 'vehicleControlComment']
    .map((f) => p + f)
    .concat(
      ['startLocation', 'endLocation'].flatMap((at) =>
        ['address', 'lat', 'lng'].map((f) => `${p}${at}.${f}`),
      ),
    );

/**
 * The events of the carrier's own data (departments, units, routes, prices, invoicing) and of its
 * business partners (customers, vendors, webhooks' owners): their names and addresses are a
 * business's, not a person's; each says why (the inventory, inventory.ts, spreads them in).
 */
export const businessEventPrivacy = {
  RoleCreated: named('the name of a role'),
  RoleUpdated: named('the name of a role', ['changes.name']),
  RoleDeleted: none,
  CustomerCreated: named('customers are businesses: their name and address are not personal', [
    'name',
    'address',
    // The name its recipients know it by, a brand (0071).
    'senderName',
  ]),
  CustomerDeleted: none,
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
  NumberSeriesUpdated: named('the name of a number series', ['changes.name']),
  NumberSeriesEndMoved: none,
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
} satisfies Partial<Record<DomainEventType, EventPrivacy>>;
