import type { CommandName, QueryName } from '@nordlog/contracts';

/**
 * Examples written by hand, for operations whose rules are not in their schema (the handler
 * checks them); the unit test checks them against the schema like the generated ones.
 */
export const handWritten: Partial<Record<CommandName | QueryName, unknown>> = {
  // contracts importing: each order is CREATE_ORDER's, with its cross-field rules (0059).
  CREATE_ORDERS: {
    orders: [
      {
        departmentId: '990001',
        customerId: '990001',
        pickupDate: '2027-03-01',
        pickup: {},
        delivery: {
          name: 'Kari Nordmann',
          address: 'Storgata 1',
          zipCode: '0155',
          zipArea: 'Oslo',
        },
        measurements: [{ weight: 2 }],
      },
    ],
  },
  // contracts proof (0068): a photo's type is read from its bytes (a 1×1 PNG here).
  RECORD_DELIVERY_PROOF: {
    orderId: '990001',
    recipientName: 'Kari Nordmann',
    signature: { width: 300, height: 120, strokes: [[10, 10, 40, 60, 80, 20]] },
    photos: [
      {
        data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      },
    ],
  },
  // query-service/src/planning/query.ts: a slotId or a fromDate.
  routePoints: { slotId: '990001' },
  // contracts deviations: an orderId or a customerId, one of them.
  orderDeviations: { orderId: '990001' },
  // contracts returns: the address with NEW_ADDRESS only; dates in order, at most 92 days.
  COPY_DEVIATED_ORDER: { orderId: '990001', to: 'SENDER' },
  CREATE_MULTILEG_RETURN: { orderId: '990001', pickupDate: '2027-03-01' },
  CREATE_MULTILEG_RETURNS: { orderIds: ['990001', '990002'], pickupDate: '2027-03-01' },
  manageReturns: {
    departmentId: '990001',
    view: 'TO_MAKE',
    fromDate: '2027-03-01',
    toDate: '2027-03-31',
  },
  // contracts recurring: orders for a new one; dates in order, a calendar of at most 92 days.
  SAVE_RECURRING_ORDER: {
    orderIds: ['990001'],
    name: 'Pharmacy weekdays',
    startDate: '2027-03-01',
    endDate: '2027-06-30',
    weekdays: [1, 2, 3, 4, 5],
    holidayPolicy: 'NEXT_WORKING_DAY',
  },
  EXECUTE_RECURRING_ORDERS: { date: '2027-03-01', department: '990001' },
  recurringOrderCalendar: {
    recurringOrderId: '990001',
    fromDate: '2027-03-01',
    toDate: '2027-03-28',
  },
  // contracts addressBook: the block has a delivery block's rules (0061).
  CREATE_ADDRESS: {
    departmentId: '990001',
    customerId: '990001',
    usage: 'DELIVERY',
    code: 'OSL-12',
    block: { name: 'Apotek 1 Storgata', address: 'Storgata 1', zipCode: '0155', zipArea: 'Oslo' },
  },
  UPDATE_ADDRESS: { id: '990001', usage: 'BOTH' },
  // contracts webhooks: a public https receiver, some events.
  CREATE_WEBHOOK: {
    customerId: '990001',
    url: 'https://orders.example.com/hooks/nordlog',
    events: ['OrderCreated', 'ConsignmentDelivered'],
    description: 'Order system',
  },
  // contracts cms (0077): the English text, at least one role, a draft (no time to check).
  CREATE_BANNER: {
    title: { en: 'Roads closed in Oslo', nb: 'Stengte veier i Oslo' },
    body: { en: 'Expect delays on deliveries today.' },
    targetRoles: ['PLANNER'],
    state: 'DRAFT',
    level: 'WARNING',
    link: 'https://status.example.com/oslo',
  },
  CREATE_NEWS: {
    title: { en: 'New depot in Bergen' },
    body: { en: 'From Monday, Bergen departs from the new depot.' },
    targetRoles: ['PLANNER', 'ADMIN'],
    state: 'DRAFT',
  },
  CREATE_WHATS_THIS_MODAL: {
    title: { en: 'Holidays' },
    body: { en: 'No pickups or deliveries are planned on a public holiday.' },
    targetRoles: ['ADMIN'],
    state: 'DRAFT',
    screen: '/admin/holidays',
  },
  // contracts preAdvice: one owner, the texts the channel needs, known placeholders only.
  CREATE_PRE_ADVICE_POLICY: {
    name: 'Pharmacy: the day before',
    customerId: '990001',
    triggers: ['DAY_BEFORE'],
    channel: 'SMS',
    texts: [{ language: 'nb', smsText: '{senderName} leverer {window}: {trackingLink}' }],
  },
};
