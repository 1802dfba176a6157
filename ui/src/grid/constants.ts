/** Spec §9 grid constants. */
export const gridConstants = {
  /** Grid row height in px ("30 in one reading"). */
  rowHeight: 30,
  /** Default height of a virtual grid in px. */
  height: 850,
  /** Rows rendered beyond the viewport, on each side. */
  overscan: 10,
  /** Column default and maximum width in px. */
  columnWidth: 100,
  columnMaxWidth: 150,
  /** Scroll event throttle in ms. */
  scrollThrottleMs: 20,
} as const;

/**
 * The named grids of spec §2, and the search screens' and pickup orders' (the shipments grid's
 * columns, docs/decisions/0052); each keeps its column settings under its own key.
 */
export const gridNames = [
  'InstantOrdersGrid',
  'ShipmentPageGrid',
  'CustomerShipmentPageGrid',
  'PlannerShipmentsGrid',
  'SearchResultsGrid',
  'PickupOrdersGrid',
] as const;
export type GridName = (typeof gridNames)[number];
