/** Every route list page, one chunk (routes.tsx loads it on first use). */
export { DayLoadListPage, ReceiptListPage } from './DayListPage';
export { HdRouteListPage, SlotLoadListPage } from './SlotListPage';
export { default as RouteReceiptListPage } from './RouteReceiptListPage';
export { default as WaybillPage } from './WaybillPage';
export { default as DeliveryNotesPage } from './DeliveryNotesPage';
