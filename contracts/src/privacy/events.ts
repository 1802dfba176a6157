import type { ConsignmentEvent } from '../consignments/events.js';
import type { DeviationEvent } from '../deviations/index.js';
import type { CourierLocationEvent } from '../couriers/index.js';
import type { CustomerGroupEvent } from '../customerGroups/index.js';
import type { CustomerEvent } from '../customers/index.js';
import type { DepartmentGroupEvent } from '../departmentGroups/index.js';
import type { DepartmentEvent } from '../departments/index.js';
import type { PinnedAddressEvent } from '../geocoding/pins.js';
import type { HolidayEvent } from '../holidays/index.js';
import type { JobEvent } from '../jobs/index.js';
import type { TimeWindowEvent } from '../timeWindows/index.js';
import type { MatrixEvent } from '../matrix/index.js';
import type { UpsalesRuleEvent } from '../upsales/index.js';
import type { VendorEvent } from '../vendors/index.js';
import type { ShdEvent } from '../shd/index.js';
import type { CmsEvent } from '../cms/index.js';
import type { InvoicingEvent } from '../invoicing/events.js';
import type { InvoiceEvent, InvoicingRunEvent } from '../invoicing/invoices.js';
import type { BillingOrderEvent } from '../invoicing/billingOrders.js';
import type { LabelEvent } from '../labels/index.js';
import type { NumberAllocationEvent, NumberSeriesCatalogueEvent } from '../numberSeries/index.js';
import type { OptimizingEvent, OptimizingLockEvent } from '../optimizing/runs.js';
import type { RouteSuggestionEvent } from '../optimizing/suggestions.js';
import type { SlotEvent } from '../planning/slots.js';
import type { TemplateEvent } from '../planning/templates.js';
import type { UnitEvent } from '../planning/units.js';
import type { ArticleEvent, PriceListEvent } from '../pricing/catalogue.js';
import type { ReservationEvent } from '../reservations.js';
import type { RecurringEvent } from '../recurring/index.js';
import type { AddressEvent } from '../addressBook/index.js';
import type { PreAdviceEvent, PreAdvicePolicyEvent } from '../preAdvice/index.js';
import type { WebhookEvent } from '../webhooks/index.js';
import type { RoleEvent, UserEvent } from '../users/index.js';
import type { ScanEvent } from '../scans/index.js';
import type { ProofEvent } from '../proof/index.js';
import type { NpsEvent } from '../nps/index.js';
import type { ApiKeyEvent } from '../apiKeys/index.js';

/** Why personal data was erased: a person asked (GDPR art. 17), or its retention ran out (art. 5(1)(e)). */
export const erasureReasons = ['request', 'retention'] as const;
export type ErasureReason = (typeof erasureReasons)[number];

/**
 * A data subject's personal data was erased: its key is deleted, so every sealed field of the
 * subject reads as erased (docs/decisions/0050-personal-data.md). Appended to every stream that
 * holds the subject's data, so each stream's readers (deciders, projections, the audit replay)
 * know. It holds no personal data itself.
 */
export interface PersonalDataErasedEvent {
  type: 'PersonalDataErased';
  data: {
    /** The data subject (privacy/subjects.ts), e.g. `order:42`. */
    subject: string;
    reason: ErasureReason;
  };
}

/** Every domain event the product appends. */
export type DomainEvent =
  | ConsignmentEvent
  | DeviationEvent
  | CourierLocationEvent
  | CustomerEvent
  | CustomerGroupEvent
  | DepartmentEvent
  | DepartmentGroupEvent
  | HolidayEvent
  | JobEvent
  | TimeWindowEvent
  | MatrixEvent
  | UpsalesRuleEvent
  | VendorEvent
  | ShdEvent
  | CmsEvent
  | InvoicingEvent
  | InvoicingRunEvent
  | InvoiceEvent
  | BillingOrderEvent
  | LabelEvent
  | NumberSeriesCatalogueEvent
  | NumberAllocationEvent
  | OptimizingEvent
  | OptimizingLockEvent
  | RouteSuggestionEvent
  | PinnedAddressEvent
  | SlotEvent
  | TemplateEvent
  | UnitEvent
  | ArticleEvent
  | PriceListEvent
  | ReservationEvent
  | UserEvent
  | RoleEvent
  | RecurringEvent
  | AddressEvent
  | PreAdvicePolicyEvent
  | PreAdviceEvent
  | WebhookEvent
  | ScanEvent
  | ProofEvent
  | NpsEvent
  | ApiKeyEvent
  | PersonalDataErasedEvent;
export type DomainEventType = DomainEvent['type'];

export const PERSONAL_DATA_ERASED = 'PersonalDataErased' satisfies DomainEventType;

/**
 * A read-model row's stamp after the erasure event of its stream: one more revision at the
 * erasure's time (the row's fields were folded again from the erased events).
 */
export const erasureStamp = (e: {
  streamRevision: number;
  metadata: { occurredAt: string };
}): { revision: number; updatedAtEpoch: number } => ({
  revision: e.streamRevision,
  updatedAtEpoch: Date.parse(e.metadata.occurredAt),
});
