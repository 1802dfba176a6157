import { isApproximate, stateRank, stateStyle, type ConsignmentRow } from '@nordlog/contracts';
import type { GridColumn } from '../grid/types';
import { dateTimeFormatter, formatDate, type Locale } from '../i18n/locales';
import { formatNumber } from '../i18n/numbers';
import { formatTimeWindow, nextDayWindow } from '../i18n/timeWindow';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The shipments page's grid (spec §2 ShipmentPageGrid) and its default hidden columns. */
export const shipmentGridName = 'ShipmentPageGrid' as const;
export const shipmentDefaultHidden = ['group', 'recipientRef', 'type', 'pickupTime'] as const;

/**
 * The columns of the shipments grid. Numbers are shown in the user's language without
 * thousands separators, so the filter's number ranges read them (spec §5: the displayed value).
 */
export function shipmentColumns(
  translate: Translate,
  locale: Locale,
  timeZone: string,
  /** A row's customer as the page names it (the row's own name, else the page's list). */
  customerOf: (row: ConsignmentRow) => string,
): GridColumn<ConsignmentRow>[] {
  const number = { format: (n: number) => formatNumber(n, locale, { digits: 1, grouping: false }) };
  const h = (key: string) => translate(`planner.columns.${key}`);
  // Cells are drawn many times while scrolling: labels and dates are worked out once each.
  const once = <K,>(f: (key: K) => string) => {
    const cache = new Map<K, string>();
    return (key: K) => {
      let v = cache.get(key);
      if (v === undefined) cache.set(key, (v = f(key)));
      return v;
    };
  };
  const stateLabel = once((state: string) => translate(`states.${state}`));
  const date = once((d: string) => formatDate(d, locale));
  const dateTime = dateTimeFormatter(locale, timeZone);
  // A time window of the order (HH:mm, local to the department); an overnight one says +1 day.
  const nextDay = once(nextDayWindow(translate));
  const window = (from: string | null, to: string | null) => formatTimeWindow(from, to, nextDay);
  const high = translate('grid.highPriority');
  const normal = translate('grid.normalPriority');
  const approximate = translate('geo.approximate');
  const approximateHint = translate('geo.approximateHint');
  return [
    {
      // The shipment id is the GSIN, as on the labels and the confirmation (issue 13); orders
      // booked before number series have none and show their order number.
      id: 'shipmentId',
      header: h('shipmentId'),
      text: (r) => r.shipmentId ?? r.orderId,
      // The widest a column may be (spec §9: 150); a cut-off id shows whole in its tooltip.
      width: 150,
    },
    {
      id: 'orderId',
      header: h('orderId'),
      text: (r) => r.orderId,
      sortValue: (r) => Number(r.orderId),
      width: 100,
    },
    {
      id: 'state',
      header: h('state'),
      text: (r) => stateLabel(r.state),
      sortValue: (r) => stateRank(r.state),
      render: (r) => {
        // Spec §4 display: a colour always together with the state's name.
        const tone = stateStyle(r.state);
        return (
          <span className={`ng-badge ng-tone-${tone}`} data-tone={tone}>
            {stateLabel(r.state)}
          </span>
        );
      },
      width: 110,
    },
    {
      id: 'priority',
      header: h('priority'),
      text: (r) => (r.priority === 'high' ? high : normal),
      sortValue: (r) => (r.priority === 'high' ? 0 : 1),
      // One element for either priority, so a row element reused for another row keeps its
      // cell and only changes text and an attribute; the grid's CSS draws the icon of a high one.
      render: (r) => (
        <span className="ng-priority" data-priority={r.priority}>
          {r.priority === 'high' ? high : normal}
        </span>
      ),
      width: 100,
    },
    {
      id: 'date',
      header: h('date'),
      text: (r) => date(r.date),
      sortValue: (r) => r.date,
      width: 95,
    },
    {
      id: 'customer',
      header: h('customer'),
      text: customerOf,
      width: 130,
    },
    { id: 'type', header: h('type'), text: (r) => r.type, width: 90 },
    { id: 'customerRef', header: h('customerRef'), text: (r) => r.customerRef ?? '', width: 100 },
    { id: 'recipientRef', header: h('recipientRef'), text: (r) => r.recipientRef ?? '' },
    // The order's concrete service code (docs/decisions/0093, 0097); none on rows without a service.
    { id: 'serviceCode', header: h('serviceCode'), text: (r) => r.serviceCode ?? '', width: 100 },
    { id: 'pickup', header: h('pickup'), text: (r) => r.pickupName, width: 140 },
    {
      id: 'pickupTime',
      header: h('pickupTime'),
      text: (r) => window(r.pickupTimeEarliest, r.pickupTimeLatest),
      sortValue: (r) => r.pickupTimeEarliest,
      width: 100,
    },
    { id: 'delivery', header: h('delivery'), text: (r) => r.deliveryName, width: 140 },
    {
      id: 'deliveryAddress',
      header: h('deliveryAddress'),
      text: (r) => `${r.deliveryAddress}, ${r.deliveryZipCode} ${r.deliveryZipArea}`,
      // A point no better than the postal-code area is marked (issue 36): a badge with its word
      // as accessible name and the reason as tooltip.
      render: (r) => (
        <span className="ng-address">
          {r.deliveryLat !== null && isApproximate(r.deliveryPrecision) ? (
            <span
              className="ng-badge ng-tone-warning ng-approx"
              role="img"
              aria-label={approximate}
              title={`${approximate}: ${approximateHint}`}
              data-testid="grid-approximate"
            >
              ≈
            </span>
          ) : null}
          {`${r.deliveryAddress}, ${r.deliveryZipCode} ${r.deliveryZipArea}`}
        </span>
      ),
      width: 150,
    },
    {
      id: 'deliveryTime',
      header: h('deliveryTime'),
      text: (r) => window(r.deliveryTimeEarliest, r.deliveryTimeLatest),
      sortValue: (r) => r.deliveryTimeEarliest,
      width: 100,
    },
    {
      id: 'packages',
      header: h('packages'),
      text: (r) => String(r.packageCount),
      sortValue: (r) => r.packageCount,
      width: 80,
      align: 'right',
    },
    {
      id: 'weight',
      header: h('weight'),
      text: (r) => number.format(r.weightValue),
      sortValue: (r) => r.weightValue,
      width: 90,
      align: 'right',
    },
    {
      id: 'volume',
      header: h('volume'),
      text: (r) => number.format(r.volumeValue),
      sortValue: (r) => r.volumeValue,
      width: 95,
      align: 'right',
    },
    { id: 'group', header: h('group'), text: (r) => r.groupId ?? '', width: 90 },
    {
      id: 'createdAt',
      header: h('createdAt'),
      text: (r) => dateTime(r.createdAt),
      sortValue: (r) => r.createdAt,
      width: 140,
      filter: false,
    },
  ];
}
