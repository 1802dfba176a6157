import type {
  AccessFlag,
  ArticleKind,
  RouteStop,
  SlotState,
  BreakType,
  FuelType,
  euroClasses,
  vehicleControls,
  vehicleTypes,
  ConsignmentEventType,
  DeviationEventType,
  DeviationReason,
  DepartmentType,
  HolidayType,
  InvoiceSplit,
  MarketCountry,
  Role,
} from '@nordlog/contracts';
import type { CmsEnumMessages } from '../messages/cms';

/**
 * The labels of the contracts' enums, in every language. Each table is typed by its enum, so a new
 * role, flag, department type, holiday kind or country does not compile until every language names
 * it; no screen shows the raw value (issue 13).
 */
export interface EnumMessages extends CmsEnumMessages {
  role: Record<Role, string>;
  departmentType: Record<DepartmentType, string>;
  flag: Record<AccessFlag, string>;
  holidayType: Record<HolidayType, string>;
  country: Record<MarketCountry, string>;
  /** An order's history (the consignment's events), as the details panel lists it. */
  orderEvent: Record<
    ConsignmentEventType | DeviationEventType | 'DeliveryProofRecorded' | 'DeliveryRated',
    string
  >;
  /** The catalogue of deviation reasons (docs/decisions/0051-deviations.md). */
  deviationReason: Record<DeviationReason, string>;
  /** Slot states and route stop types (the planning screens, spec §3 and §4). */
  slotState: Record<SlotState, string>;
  stopType: Record<RouteStop['kind'], string>;
  /** Units and vehicles (spec §3 "Unit/vehicle"), and the courier break. */
  vehicleType: Record<(typeof vehicleTypes)[number], string>;
  fuelType: Record<FuelType, string>;
  vehicleControl: Record<(typeof vehicleControls)[number], string>;
  euroClass: Record<(typeof euroClasses)[number], string>;
  breakType: Record<BreakType, string>;
  /** Price articles (docs/decisions/0030). */
  articleKind: Record<ArticleKind, string>;
  /** A customer's invoice split (docs/decisions/0032). */
  invoiceSplit: Record<InvoiceSplit, string>;
}
